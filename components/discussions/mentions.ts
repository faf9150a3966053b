import type { Link, Parent, PhrasingContent, Root, RootContent } from "mdast";

/** How a mention is written in comment markdown: `@[Display Name](mention:USER_ID)`. */
export const mentionMarkdown = (name: string, id: string) => `@[${name.replace(/[[\]\\]/g, "")}](mention:${id})`;

const MENTION_URL = /^mention:([A-Za-z0-9_-]+)$/;

/**
 * Turns `@` + a link to `mention:ID` into one mention element (a styled "@Name", not a link), before
 * URLs are filtered (which would blank the `mention:` address). One pass over the tree: linear.
 */
export function remarkMentions() {
  return (tree: Root) => {
    const pending: Parent[] = [tree];
    for (let parent = pending.pop(); parent; parent = pending.pop()) {
      const children = parent.children as (RootContent | PhrasingContent)[];
      const next: (RootContent | PhrasingContent)[] = [];
      for (const child of children) {
        const id = child.type === "link" ? MENTION_URL.exec(child.url)?.[1] : undefined;
        const before = next.at(-1);
        if (id && before?.type === "text" && before.value.endsWith("@")) {
          before.value = before.value.slice(0, -1);
          next.push(mentionNode(child as Link, id));
          continue;
        }
        next.push(child);
        if ("children" in child) pending.push(child as Parent);
      }
      (parent as { children: unknown[] }).children = next;
    }
  };
}

function mentionNode(link: Link, id: string): PhrasingContent {
  const name = link.children.map((child) => ("value" in child ? child.value : "")).join("");
  return {
    type: "text",
    value: `@${name}`,
    data: { hName: "span", hProperties: { className: ["mention"], "data-mention": id }, hChildren: [{ type: "text", value: `@${name}` }] },
  } as PhrasingContent;
}
