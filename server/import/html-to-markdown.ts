import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";
import { trimEndOf } from "../content/format/linear-text";

let service: TurndownService | undefined;

/** HTML to the GitHub-flavoured markdown pages are stored in (tables, strikethrough, task lists, fenced code). */
export function htmlToMarkdown(html: string): string {
  service ??= createService();
  return service
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The text with its final run of newlines made one (by hand: `/\n+$/` is quadratic on newlines followed by text). */
function withOneFinalNewline(text: string): string {
  const kept = trimEndOf(text, "\n");
  return kept.length < text.length ? `${kept}\n` : text;
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
      const body = withOneFinalNewline(content.replace(/^\n+/, "")).replace(/\n/gm, `\n${" ".repeat(marker.length)}`);
      return marker + body + (node.nextSibling && !/\n$/.test(body) ? "\n" : "");
    },
  });
  return turndown;
}
