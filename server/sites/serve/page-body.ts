import { readPage } from "../../content/revisions";
import { spaceVariablesOf, type Variables } from "../../content/variables";
import { ObjectStore } from "../../content/store/object-store";
import { revisionById } from "../../content/store/shared-content";
import type { ModelSiteSpace } from "./types";

/** A published page's body: its markdown and the variables its `{{ space.vars.X }}` / `{{ page.vars.X }}` read. */
export type PublishedPageBody = { markdown: string; variables: { space: Variables; page: Variables } };

/**
 * The body of a page of the revision a site space shows, or null when the revision has no such
 * page. A revision never changes, so its row, trie and bodies come from the process's cache of
 * immutable content (server/content/store/shared-content.ts), as the admin reader's do.
 */
export async function readPublishedPage(siteSpace: Pick<ModelSiteSpace, "revisionId">, pageId: string): Promise<PublishedPageBody | null> {
  const revision = await revisionById(siteSpace.revisionId);
  const page = revision ? await readPage(ObjectStore.reading(revision.spaceId), revision, pageId) : null;
  if (!revision || !page) return null;
  return { markdown: page.markdown, variables: { space: spaceVariablesOf(revision), page: page.variables ?? {} } };
}
