import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { SiteAddress } from "../types";
import { internalHref } from "./hrefs";

/**
 * site.css and site.js, served at `~/assets/site.<hash>.css|js` and cached forever by browsers
 * (the hash changes with the content). The stylesheet is site.css followed by the admin reader's
 * own page-body stylesheet (components/content/markdown.css), whose palette variables site.css
 * defines, so page bodies look the same in both. Files are read from the project directory
 * (where `next start` and Vitest run), once per process, and compressed once.
 */

export type Asset = { body: Buffer; gzip: Buffer; br: Buffer; etag: string; contentType: string; hash: string };

const ROOT = process.cwd();
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

function asset(text: string, contentType: string): Asset {
  const body = Buffer.from(text);
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    etag: `"${hash}"`,
    contentType,
    hash,
  };
}

let assets: { css: Asset; js: Asset } | undefined;

export function siteAssets(): { css: Asset; js: Asset } {
  assets ??= {
    css: asset(`${read("server/sites/serve/render/site.css")}\n${read("components/content/markdown.css")}`, "text/css; charset=utf-8"),
    js: asset(read("server/sites/serve/render/site.js"), "text/javascript; charset=utf-8"),
  };
  return assets;
}

/** The stylesheet (the PDF renderer can inline it). */
export const siteStyles = (): string => siteAssets().css.body.toString("utf8");

export const assetHref = (address: SiteAddress, kind: "css" | "js") => internalHref(address, `~/assets/site.${siteAssets()[kind].hash}.${kind}`);

export const ASSET_PATTERN = /^~\/assets\/site\.([0-9a-f]{12})\.(css|js)$/;
