import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown, { defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { evaluateVariables } from "../content/format/variables";
import type { Variables } from "../content/variables";

/**
 * A page body as HTML for the PDF. Provisional: the published site's `renderContentHtml`
 * (server/sites/serve/render, helper "render") takes its place, with this signature, once it lands.
 */

export type ContentLinks = { page?: (pageId: string) => string | undefined; file?: (fileId: string) => string | undefined };

const PAGE_LINK = /^\/pages\/([^/?#]+)\/?(#.*)?$/;
const FILE_LINK = /^\/files\/([^/?#]+)\/?$/;

export async function renderContentHtml(markdown: string, options: { links?: ContentLinks; variables?: { space: Variables; page: Variables } } = {}): Promise<string> {
  const source = options.variables ? evaluateVariables(markdown, options.variables) : markdown;
  const urlTransform = (url: string) => {
    const page = PAGE_LINK.exec(url);
    const pageHref = page ? options.links?.page?.(page[1]!) : undefined;
    if (pageHref) return `${pageHref}${page![2] ?? ""}`;
    const file = FILE_LINK.exec(url);
    const fileHref = file ? options.links?.file?.(file[1]!) : undefined;
    return fileHref ?? defaultUrlTransform(url);
  };
  return renderToStaticMarkup(createElement(Markdown, { remarkPlugins: [remarkGfm], urlTransform }, source));
}
