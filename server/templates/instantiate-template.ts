import type { Page } from "../content/revisions";
import { newId } from "../ids";
import type { SpaceTemplateDefinition, TemplatePage } from "./template-types";

const PAGE_LINK = /\]\(page:([a-z0-9-]+)\)/g;

/**
 * The pages of a template as new pages of a space: fresh ids (ids are per space, and a template
 * may be applied to many spaces), siblings ordered as written, and `(page:<key>)` links rewritten
 * to the canonical `/pages/<id>`.
 */
export function instantiateTemplate(template: SpaceTemplateDefinition, now = new Date()): Page[] {
  const ids = new Map<string, string>();
  const collect = (pages: TemplatePage[]) => {
    for (const page of pages) {
      ids.set(page.key, newId());
      collect(page.pages ?? []);
    }
  };
  collect(template.pages);

  const timestamp = now.toISOString();
  const out: Page[] = [];
  const place = (pages: TemplatePage[], parentId: string | null) => {
    pages.forEach((page, index) => {
      const id = ids.get(page.key)!;
      const markdown = page.markdown.replace(PAGE_LINK, (_, key: string) => {
        const target = ids.get(key);
        // A template is code: a link to a page it does not have is a bug, not input to tolerate.
        if (!target) throw new Error(`Template ${template.id}: page ${page.key} links to unknown page ${key}`);
        return `](/pages/${target})`;
      });
      out.push({
        id,
        title: page.title,
        slug: page.slug,
        ...(page.emoji ? { emoji: page.emoji } : {}),
        ...(page.description ? { description: page.description } : {}),
        parentId,
        sortKey: index + 1,
        markdown,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
      place(page.pages ?? [], id);
    });
  };
  place(template.pages, null);
  return out;
}
