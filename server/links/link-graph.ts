import type { ServiceContext } from "../context";
import type { Urls } from "../http/urls";
import type { ContentRef } from "@gitbook/api";
import { configuredPublicUrl } from "../config";
import type { LinkRelation, LinkTarget, RecordedLink } from "../content/format/link-targets";
import { inReadingOrder, readFiles, readPages, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { db } from "../db/client";
import type { Revision } from "../db/generated/client";
import { describeLimit, markdownPool, READ_BUDGET_MS } from "../markdown/markdown-pool";
import { pathResolver } from "./resolve-path";

/**
 * The links of one revision: every page's link and image targets, resolved against the
 * revision's pages and files and given a status. Built from the page versions, which record
 * their targets when written, so no page body is read (except for versions written before
 * targets were recorded). Reading every version is O(pages); the link reads accept that, as
 * a revision has no index from a target back to the pages linking to it.
 */

export const LINK_STATUSES = ["ok", "broken", "in-app"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** One target as a page links to it. `key` is the same for every spelling of the same target and relation. */
export type ResolvedLink = { key: string; ref: ContentRef; status: LinkStatus; relation: LinkRelation };

export type LinkGraph = {
  /** Page versions in reading order. */
  pages: PageVersion[];
  pageById: Map<string, PageVersion>;
  /** Each page's slug path, as the page tree presents it. */
  paths: Map<string, string>;
  fileIds: Set<string>;
  /** Each page's distinct targets, in order of first appearance. */
  linksOf: Map<string, ResolvedLink[]>;
};

export async function loadLinkGraph(revision: Pick<Revision, "id" | "spaceId" | "root">, isInApp: (url: string) => boolean): Promise<LinkGraph> {
  const [versions, files] = await Promise.all([readPages(db(), revision), readFiles(db(), revision)]);
  const ordered = inReadingOrder(versions);
  const paths = new Map<string, string>();
  const stack: string[] = [];
  for (const page of ordered) {
    stack.length = page.depth;
    const path = page.depth > 0 ? `${stack[page.depth - 1]}/${page.slug}` : page.slug;
    paths.set(page.id, path);
    stack.push(path);
  }
  // In reading order a page's subpages follow it, one level deeper.
  const parents = new Set(ordered.flatMap((page, index) => ((ordered[index + 1]?.depth ?? 0) > page.depth ? [page.id] : [])));
  const resolvePath = pathResolver(ordered.map((page) => ({ id: page.id, path: paths.get(page.id)!, hasChildren: parents.has(page.id) })));
  const pageById = new Map(ordered.map(({ depth: _, ...page }) => [page.id, page]));
  const fileIds = new Set(files.map((file) => file.id));
  const targets = await targetsOf(revision.spaceId, ordered);

  const resolve = (target: LinkTarget, fromPageId: string): Omit<ResolvedLink, "relation"> => {
    const pageStatus = (pageId: string): LinkStatus => (pageById.has(pageId) ? "ok" : "broken");
    switch (target.kind) {
      case "url":
        return { key: `url:${target.url}`, ref: { kind: "url", url: target.url }, status: urlStatus(target.url, isInApp) };
      case "page":
        return { key: `page:${target.page}`, ref: target, status: pageStatus(target.page) };
      case "file":
        return { key: `file:${target.file}`, ref: target, status: fileIds.has(target.file) ? "ok" : "broken" };
      case "anchor": {
        // Headings are not checked: that would mean reading the body of every page linked to.
        const page = target.page ?? fromPageId;
        return { key: `anchor:${page}#${target.anchor}`, ref: { kind: "anchor", anchor: target.anchor, page }, status: pageStatus(page) };
      }
      case "path": {
        const page = resolvePath(target.path, fromPageId);
        if (page) return resolve(target.anchor ? { kind: "anchor", anchor: target.anchor, page } : { kind: "page", page }, fromPageId);
        const url = target.anchor ? `${target.path}#${target.anchor}` : target.path;
        return { key: `path:${url}`, ref: { kind: "url", url }, status: "broken" };
      }
    }
  };

  const linksOf = new Map<string, ResolvedLink[]>();
  for (const page of ordered) {
    const distinct = new Map<string, ResolvedLink>();
    for (const { relation, ...target } of targets.get(page.id) ?? []) {
      const resolved = resolve(target, page.id);
      const link = { ...resolved, key: `${relation} ${resolved.key}`, relation };
      if (!distinct.has(link.key)) distinct.set(link.key, link);
    }
    linksOf.set(page.id, [...distinct.values()]);
  }
  return { pages: [...pageById.values()], pageById, paths, fileIds, linksOf };
}

/**
 * Each page's recorded targets. Versions written before targets (or their relation) were
 * recorded are read from their body, in the markdown pool; a body past the read budget is
 * listed without links rather than failing the whole list.
 */
async function targetsOf(spaceId: string, versions: PageVersion[]): Promise<Map<string, RecordedLink[]>> {
  const recorded = (version: PageVersion) => version.links?.every((link) => "relation" in link) ?? false;
  const unrecorded = versions.filter((version) => !recorded(version));
  const targets = new Map(versions.filter(recorded).map((version) => [version.id, version.links!]));
  if (unrecorded.length === 0) return targets;
  const bodies = await new ObjectStore(db(), spaceId).getBodies(unrecorded.map((version) => version.body));
  const outcomes = await markdownPool().map("recordedLinks", unrecorded.map((version) => bodies.get(version.body)!), READ_BUDGET_MS);
  unrecorded.forEach((version, index) => {
    const outcome = outcomes[index]!;
    if (!outcome.ok) console.warn(`Links of page ${version.id} in space ${spaceId} not read: its markdown is ${describeLimit(outcome.limit, READ_BUDGET_MS)}.`);
    targets.set(version.id, outcome.ok ? outcome.value : []);
  });
  return targets;
}

/**
 * A URL on Quire's own origin (the configured public URL, or the origin the request came to)
 * is `in-app`; other URLs are `ok`, as they are not fetched. An empty URL leads nowhere: broken.
 */
function urlStatus(url: string, isInApp: (url: string) => boolean): LinkStatus {
  if (url === "") return "broken";
  return isInApp(url) ? "in-app" : "ok";
}

/**
 * What reading links takes beside the actor: the request's URLs, whose origin (with the configured
 * public URL) is what makes an absolute link `in-app` — an input to the rule, not a URL answered.
 */
export type LinkReadContext = ServiceContext & { urls: Pick<Urls, "origin"> };

/** Whether an absolute (or protocol-relative) URL is on one of Quire's own origins. */
export function inAppMatcher(baseUrl: string): (url: string) => boolean {
  const origins = new Set([baseUrl, configuredPublicUrl()].flatMap((url) => originOf(url) ?? []));
  return (url) => /^[a-z][a-z0-9+.-]*:|^\/\//i.test(url) && origins.has(originOf(url, baseUrl) ?? "");
}

function originOf(url: string | undefined, base?: string): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, base).origin;
  } catch {
    return undefined;
  }
}
