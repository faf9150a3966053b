import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";

let service: TurndownService | undefined;

/** HTML to the GitHub-flavoured markdown pages are stored in (tables, strikethrough, task lists, fenced code). */
export function htmlToMarkdown(html: string): string {
  service ??= createService();
  return service
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function createService(): TurndownService {
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "_", hr: "---" });
  turndown.use(gfm);
  // Turndown pads list markers to four columns ("-   item"); one space is what editors write.
  turndown.addRule("listItem", {
    filter: "li",
    replacement(content, node, options) {
      const parent = node.parentNode as HTMLElement | null;
      let marker = `${options.bulletListMarker} `;
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start") ?? 1);
        marker = `${(Number.isFinite(start) ? start : 1) + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content.replace(/^\n+/, "").replace(/\n+$/, "\n").replace(/\n/gm, `\n${" ".repeat(marker.length)}`);
      return marker + body + (node.nextSibling && !/\n$/.test(body) ? "\n" : "");
    },
  });
  return turndown;
}
