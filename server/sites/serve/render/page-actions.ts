import { markdownUrl } from "../machines/listing";
import type { ModelPage, ModelSection, ModelSiteSpace } from "../types";
import type { RenderRequest } from "./chrome";
import { esc } from "./html";
import { ICONS } from "./icons";
import { group } from "./look";

/**
 * The page's actions menu (the customization's `pageActions.items`): what the published site can
 * offer of them — "markdown" (copy the page as Markdown, view its `.md`) and "external-ai" (open
 * the page in ChatGPT or Claude: plain links carrying the page's `.md` URL; Quire sends nothing
 * anywhere). A `<details>` disclosure: without JavaScript it opens and its links work; site.js adds
 * the copy actions, which need the clipboard, and makes "Copy page" the main button beside it.
 */

/** The assistants offered, and how each takes a first message in its URL. */
const ASSISTANTS = [
  { name: "ChatGPT", url: (prompt: string) => `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}` },
  { name: "Claude", url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
] as const;

export function pageActionsMenu(req: RenderRequest, route: { section: ModelSection | null; siteSpace: ModelSiteSpace; page: ModelPage }): string {
  const items = group(route.siteSpace.customization, "pageActions").items;
  const actions = Array.isArray(items) ? items : [];
  // An assistant fetches the page itself: only pages anyone may read are worth offering it.
  const readableByAnyone = req.visible.site.visibility === "public" || req.visible.site.visibility === "unlisted";
  const markdown = markdownUrl(req.address, route);
  const entries = actions.flatMap((action): string[] => {
    if (action === "markdown") {
      return [
        `<li hidden data-js-only><button type="button" data-copy-page="${esc(markdown)}">${ICONS.copy}<span>Copy page<small>As Markdown, for an AI or an editor</small></span></button></li>`,
        `<li><a href="${esc(markdown)}">${ICONS.file}<span>View as Markdown<small>The page as plain text</small></span></a></li>`,
      ];
    }
    if (action === "external-ai" && readableByAnyone) {
      const prompt = `Read ${markdown} so I can ask questions about it.`;
      return ASSISTANTS.map(
        (assistant) =>
          `<li><a href="${esc(assistant.url(prompt))}" target="_blank" rel="noopener noreferrer">${ICONS.external}<span>Open in ${assistant.name}<small>Ask questions about this page<span class="sr-only"> (opens in a new tab)</span></small></span></a></li>`,
      );
    }
    return [];
  });
  if (entries.length === 0) return "";
  const copyFirst = actions[0] === "markdown";
  return `<div class="page-menu"${copyFirst ? " data-copy-first" : ""}>${copyFirst ? `<button type="button" class="button" data-copy-page="${esc(markdown)}" hidden>${ICONS.copy}<span class="copy-label">Copy page</span></button>` : ""}<details class="menu"><summary class="button" aria-label="Page actions"><span class="page-menu-label">Page actions</span>${ICONS.chevron}</summary><ul class="menu-list">${entries.join("")}</ul></details></div>`;
}
