import { handleFeedback, handleInsightsBeacon } from "../insights/endpoints";
import { PAGE_PDF_PATTERN, servePagePdf, serveSpacePdf, SPACE_PDF_PATTERN } from "../../pdf/site-pdf";
import { serveSiteFile } from "./files";
import { ASSET_PATTERN, serveAsset } from "./render";
import { llmsEndpoint, llmsFullEndpoint, markdownEndpoint, robotsEndpoint, sitemapEndpoint } from "./machines/machine-endpoints";
import { searchJson, searchPage } from "./search/search-endpoints";
import type { SiteAddress, VisibleSite } from "./types";

/**
 * The site's own paths (`~/…` and machine files at its root), each answered by the module that owns
 * it. Every endpoint runs after the visitor gate and reads only `visible`: asking for a file, the
 * search or a page's markdown directly gets no more than the pages would show. Patterns are
 * anchored and linear; `rest` is the path after the site's base, decoded, without a leading `/`.
 */
export type SiteRequest = {
  request: Request;
  url: URL;
  address: SiteAddress;
  visible: VisibleSite;
  rest: string;
};

export type SiteEndpoint = {
  pattern: RegExp;
  methods: string[];
  handle(req: SiteRequest, match: RegExpExecArray): Promise<Response>;
};

export const SITE_ENDPOINTS: SiteEndpoint[] = [
  { pattern: /^~\/files\/([^/]+)\/([^/]+)$/, methods: ["GET", "HEAD"], handle: serveSiteFile },
  { pattern: ASSET_PATTERN, methods: ["GET", "HEAD"], handle: serveAsset },
  { pattern: /^~\/search\.json$/, methods: ["GET", "HEAD"], handle: searchJson },
  { pattern: /^~\/search$/, methods: ["GET", "HEAD"], handle: searchPage },
  { pattern: /^sitemap\.xml$/, methods: ["GET", "HEAD"], handle: sitemapEndpoint },
  { pattern: /^robots\.txt$/, methods: ["GET", "HEAD"], handle: robotsEndpoint },
  { pattern: /^llms\.txt$/, methods: ["GET", "HEAD"], handle: llmsEndpoint },
  { pattern: /^llms-full\.txt$/, methods: ["GET", "HEAD"], handle: llmsFullEndpoint },
  { pattern: /^([^~]*)\.md$/, methods: ["GET", "HEAD"], handle: markdownEndpoint },
  { pattern: /^~\/insights$/, methods: ["POST"], handle: handleInsightsBeacon },
  { pattern: /^~\/feedback$/, methods: ["POST"], handle: handleFeedback },
  { pattern: PAGE_PDF_PATTERN, methods: ["GET", "HEAD"], handle: servePagePdf },
  { pattern: SPACE_PDF_PATTERN, methods: ["GET", "HEAD"], handle: serveSpacePdf },
];
