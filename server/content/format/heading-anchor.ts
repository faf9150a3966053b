import type { PhrasingContent } from "mdast";
import { htmlTokens } from "./html-fragment";

/*
 * How a heading is named for links (`…#anchor`): the page document, search and the admin reader
 * (which ships this to the browser, so it imports no parser) all name it here.
 */

const ANCHOR_ID = /^[-a-z0-9.+_]+$/;

/**
 * A heading's own anchor, as GitBook writes it after the heading's text:
 * `## Title <a href="#id" id="id"></a>`; the text without it.
 */
export function customAnchor(children: readonly PhrasingContent[]): { id: string; children: PhrasingContent[] } | undefined {
  const [open, close] = children.slice(-2);
  if (open?.type !== "html" || close?.type !== "html" || !/^<\/a\s*>$/i.test(close.value)) return undefined;
  const tokens = htmlTokens(open.value);
  const tag = tokens.length === 1 && tokens[0]!.kind === "open" && tokens[0]!.name === "a" ? tokens[0]! : undefined;
  const id = tag?.kind === "open" ? tag.attributes.get("id") : undefined;
  if (!id || !ANCHOR_ID.test(id) || (tag?.kind === "open" && tag.attributes.get("href") !== `#${id}`)) return undefined;
  const rest = children.slice(0, -2);
  const last = rest.at(-1);
  if (last?.type === "text") rest[rest.length - 1] = { type: "text", value: last.value.trimEnd() };
  return { id, children: rest };
}

/** The anchor of a heading: its text in lower case, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}
