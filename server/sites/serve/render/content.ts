import type { Element, ElementContent, Root as HastRoot, RootContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { toText } from "hast-util-to-text";
import { urlAttributes } from "html-url-attributes";
import { rehypeCodeHighlight } from "../../../content/render/code-highlight";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { FILE_LINK, resolveContentUrl, type ContentLinks } from "../../../content/render/content-links";
import { remarkHeadingAnchors } from "../../../content/render/heading-anchors";
import { hintStyleOf, isolateTagLines, remarkLiquidBlocks } from "../../../content/render/liquid-blocks";
import { rehypeTaskListLabels } from "../../../content/render/task-list-labels";
import { MAX_NESTING } from "@/server/content/format/markdown-limits";
import { evaluateVariables } from "@/server/content/format/variables";
import type { Variables } from "@/server/content/variables";
import { humanSize } from "../../../content/render/human-size";
import { ICONS } from "./icons";

/**
 * A page body as HTML, through the admin reader's own pipeline (components/content/markdown-view.tsx, with the pieces both share in server/content/render/):
 * the same remark and rehype plugins, the same link resolution, raw HTML shown as text as the
 * reader shows it. What the reader does with React components is done here on the tree:
 * hints get their icon and label, tabs stay readable without JavaScript (every panel shown under
 * its title; site.js turns them into a tab list), file blocks become download links.
 */

export type ContentOptions = {
  links?: ContentLinks;
  /** `{{ space.vars.X }}` and `{{ page.vars.X }}` values. */
  variables?: { space: Variables; page: Variables };
  /** The site's `externalLinks.target`: "blank" opens other sites in a new tab. */
  externalLinksTarget?: "self" | "blank";
};

export type OutlineEntry = { id: string; text: string; depth: 2 | 3 };

const HINT_LABELS = { info: "Info", success: "Success", warning: "Warning", danger: "Danger" } as const;

const classesOf = (node: Element): string[] => {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? (value as string).split(" ") : [];
};

const el = (tagName: string, properties: Element["properties"], children: ElementContent[] = []): Element => ({ type: "element", tagName, properties, children });
const text = (value: string): ElementContent => ({ type: "text", value });
const icon = (name: keyof typeof ICONS): ElementContent => ({ type: "raw", value: ICONS[name] }) as unknown as ElementContent;

/** The reader's React components, as a tree transform; collects the outline on the way. */
function rehypeSite(options: ContentOptions, outline: OutlineEntry[]) {
  const { links, externalLinksTarget = "self" } = options;
  return () => (tree: HastRoot) => {
    const visit = (parent: HastRoot | Element) => {
      parent.children = parent.children.flatMap((child): RootContent[] => {
        // react-markdown shows raw HTML as its text (it has no rehype-raw): so does the site.
        if (child.type === "raw") return [{ type: "text", value: child.value }];
        if (child.type !== "element") return [child];
        for (const key of Object.keys(urlAttributes)) {
          const test = urlAttributes[key];
          if (Object.hasOwn(child.properties, key) && (test === null || test?.includes(child.tagName))) {
            child.properties[key] = resolveContentUrl(String(child.properties[key] ?? ""), links);
          }
        }
        visit(child);
        return [transform(child)];
      });
    };
    const transform = (node: Element): Element => {
      const classes = classesOf(node);
      switch (node.tagName) {
        case "h2":
        case "h3":
          if (typeof node.properties.id === "string") outline.push({ id: node.properties.id, text: toText(node).trim(), depth: node.tagName === "h2" ? 2 : 3 });
          return node;
        case "a": {
          const href = String(node.properties.href ?? "");
          if (externalLinksTarget === "blank" && /^https?:\/\//i.test(href)) Object.assign(node.properties, { target: "_blank", rel: "noreferrer noopener" });
          return node;
        }
        case "img":
          return el("img", { ...node.properties, alt: node.properties.alt ?? "", loading: "lazy", decoding: "async" });
        case "table":
          // Scrolls sideways on narrow screens: focusable, so keyboard users can scroll it too.
          return el("div", { className: ["table-wrap"], tabIndex: 0 }, [node]);
        case "pre":
          return el("pre", { ...node.properties, tabIndex: 0 }, node.children);
        case "aside": {
          const style = hintStyleOf(classes.join(" "));
          if (!style) return node;
          return el("aside", { className: ["hint", `hint-${style}`], role: "note", ariaLabel: HINT_LABELS[style], dataHint: style }, [
            icon(style),
            el("div", { className: ["hint-body"] }, node.children),
          ]);
        }
        case "div":
          if (!classes.includes("tabs")) return node;
          // Every panel under its title: readable without JavaScript, and site.js builds the tab list from the titles.
          return el(
            "div",
            { className: ["tabs"] },
            node.children.flatMap((child, index): ElementContent[] => {
              if (child.type !== "element" || child.tagName !== "section" || !classesOf(child).includes("tab")) return child.type === "element" ? [child] : [];
              const title = String(child.properties.dataTitle ?? "").trim() || `Tab ${index + 1}`;
              return [el("section", { className: ["tab-panel"] }, [el("p", { className: ["tab-title"] }, [text(title)]), ...child.children])];
            }),
          );
        case "figure": {
          const src = node.properties.dataSrc;
          if (!classes.includes("file-card") || typeof src !== "string") return node;
          const fileId = FILE_LINK.exec(src)?.[1];
          const info = fileId ? links?.fileInfo?.(fileId) : undefined;
          const name = info?.name ?? (src.split("/").pop() || src);
          const details = [info?.contentType, info?.size === undefined ? undefined : humanSize(info.size)].filter(Boolean).join(" · ");
          return el("figure", { className: ["file-card"] }, [
            el("a", { href: resolveContentUrl(src, links), download: info?.name ?? true, className: ["file-link"] }, [
              icon("file"),
              el("span", { className: ["file-text"] }, [el("span", { className: ["file-name"] }, [text(name)]), ...(details ? [el("span", { className: ["file-details"] }, [text(details)])] : [])]),
              el("span", { className: ["sr-only"] }, [text("(download)")]),
            ]),
            ...node.children,
          ]);
        }
        default:
          return node;
      }
    };
    visit(tree);
  };
}

/**
 * Elements nested deeper than the editor accepts (pages stored before the limit, thousands of
 * quotes deep) are flattened at that depth, as the document read flattens them: no reader's
 * browser, and not the PDF printer, lays out thousands of boxes inside each other.
 */
function rehypeFlattenDeepNesting() {
  return (tree: HastRoot) => {
    const flatten = (parent: HastRoot | Element, depth: number) => {
      if (depth < MAX_NESTING) {
        for (const child of parent.children) if (child.type === "element") flatten(child, depth + 1);
        return;
      }
      // Every element below keeps its content, unwrapped into this one (an explicit stack: no recursion into the depths).
      const flat: ElementContent[] = [];
      const pending = [...parent.children].reverse() as ElementContent[];
      while (pending.length > 0) {
        const node = pending.pop()!;
        if (node.type === "element" && node.children.length > 0) for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i]!);
        else flat.push(node);
      }
      parent.children = flat;
    };
    flatten(tree, 0);
  };
}

/** The page body's HTML and its h2/h3 headings (for "On this page"). */
export async function renderContent(markdown: string, options: ContentOptions = {}): Promise<{ html: string; outline: OutlineEntry[] }> {
  const outline: OutlineEntry[] = [];
  const source = isolateTagLines(options.variables ? evaluateVariables(markdown, options.variables) : markdown);
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkHeadingAnchors)
    .use(remarkLiquidBlocks)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeCodeHighlight)
    .use(rehypeTaskListLabels)
    .use(rehypeFlattenDeepNesting)
    .use(rehypeSite(options, outline));
  const tree = (await processor.run(processor.parse(source))) as HastRoot;
  // `raw` nodes left are only the renderer's own icons: content's raw HTML became text above.
  return { html: `<div class="quire-markdown">${toHtml(tree, { allowDangerousHtml: true })}</div>`, outline };
}

/** The page body as the admin reader renders it, as an HTML string (the PDF renders it too). */
export async function renderContentHtml(markdown: string, options: ContentOptions = {}): Promise<string> {
  return (await renderContent(markdown, options)).html;
}
