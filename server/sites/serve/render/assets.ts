import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cachedBody, type CachedBody } from "../cache";
import { internalHref } from "../paths";
import type { SiteAddress } from "../types";

/**
 * site.css and site.js, served at `~/assets/site.<hash>.css|js` and cached forever by browsers
 * (the hash changes with the content). The stylesheet is site.css followed by the admin reader's
 * own page-body stylesheet (components/content/markdown.css), whose palette variables site.css
 * defines, so page bodies look the same in both. Files are read from the project directory
 * (where `next start` and Vitest run), once per process, and compressed once.
 */

type Source = { text: string; hash: string; contentType: string };

const source = (text: string, contentType: string): Source => ({ text, contentType, hash: createHash("sha256").update(text).digest("hex").slice(0, 12) });

let sources: { css: Source; js: Source } | undefined;
function siteSources() {
  sources ??= {
    // Literal paths: the build traces these files rather than the whole project.
    css: source(
      `${readFileSync(join(process.cwd(), "server/sites/serve/render/site.css"), "utf8")}\n${readFileSync(join(process.cwd(), "components/content/markdown.css"), "utf8")}`,
      "text/css; charset=utf-8",
    ),
    js: source(readFileSync(join(process.cwd(), "server/sites/serve/render/site.js"), "utf8"), "text/javascript; charset=utf-8"),
  };
  return sources;
}

const compressed: Partial<Record<"css" | "js", Promise<CachedBody>>> = {};
/** The asset's bytes, compressed both ways on first use. */
export function siteAsset(kind: "css" | "js"): Promise<CachedBody> {
  const { text, contentType } = siteSources()[kind];
  return (compressed[kind] ??= cachedBody(text, contentType));
}

export const assetHash = (kind: "css" | "js") => siteSources()[kind].hash;

/** The stylesheet (the PDF renderer and the customization's preview inline it). */
export const siteStyles = (): string => siteSources().css.text;

/** The script (the customization's preview inlines it). */
export const siteScript = (): string => siteSources().js.text;

export const assetHref = (address: SiteAddress, kind: "css" | "js") => internalHref(address, `~/assets/site.${assetHash(kind)}.${kind}`);

export const ASSET_PATTERN = /^~\/assets\/site\.([0-9a-f]{12})\.(css|js)$/;
