import { currentRevision, readPages, slugPaths } from "../../content/revisions";
import type { Db } from "../../db/client";
import type { Site } from "../../db/generated/client";
import { fieldError, sentence } from "../../errors";
import type { SectionPlace, SiteAddress, SiteSpacePlace } from "../urls";
import type { RedirectDestination, RedirectInputDestination } from "./schemas";

/**
 * Where a redirect leads: a section, a site space or a page of THIS site, or an http(s) URL. A page
 * named by its path in a space (`kind: path`) is resolved once, when written, to the page of the
 * site space showing that space, so that renaming the page later keeps the redirect working.
 */

const invalid = (message: string) => fieldError("destination", sentence(message));

async function siteSpaceOf(tx: Db, siteId: string, siteSpaceId: string) {
  const siteSpace = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId }, include: { space: true } });
  if (!siteSpace) throw invalid(`no site space ${siteSpaceId} in this site.`);
  return siteSpace;
}

/** Every page's path (its ancestors' slugs and its own, joined by `/`) in the space's current revision. */
async function pagePaths(tx: Db, space: { id: string; revisionId: string | null }): Promise<Map<string, string>> {
  return slugPaths(await readPages(tx, await currentRevision(tx, space)));
}

/** Checks an input destination against the site and answers it as stored. */
export async function resolveDestination(tx: Db, site: Pick<Site, "id">, destination: RedirectInputDestination): Promise<RedirectDestination> {
  switch (destination.kind) {
    case "external":
      return destination;
    case "site-section": {
      const section = await tx.siteSection.findFirst({ where: { id: destination.siteSectionId, siteId: site.id }, select: { id: true } });
      if (!section) throw invalid(`no section ${destination.siteSectionId} in this site.`);
      return destination;
    }
    case "site-space":
      await siteSpaceOf(tx, site.id, destination.siteSpaceId);
      return destination;
    case "site-page": {
      const siteSpace = await siteSpaceOf(tx, site.id, destination.siteSpaceId);
      if (!(await pagePaths(tx, siteSpace.space)).has(destination.pageId)) throw invalid(`no page ${destination.pageId} in that site space's space.`);
      return destination;
    }
    case "path": {
      // Several site spaces may show the space: the default one first, then by place.
      const siteSpace = await tx.siteSpace.findFirst({
        where: { siteId: site.id, spaceId: destination.spaceId },
        orderBy: [{ isDefault: "desc" }, { position: "asc" }],
        include: { space: true },
      });
      if (!siteSpace) throw invalid(`space ${destination.spaceId} is not in this site.`);
      const wanted = destination.path.replace(/^\/+/, "").replace(/\/+$/, "");
      for (const [pageId, path] of await pagePaths(tx, siteSpace.space)) {
        if (path === wanted) return { kind: "site-page", siteSpaceId: siteSpace.id, pageId };
      }
      throw invalid(`no page at ${JSON.stringify(destination.path)} in space ${destination.spaceId}.`);
    }
  }
}

/**
 * Where a destination leads now: an external URL, or the place in the site its URL is made of
 * (server/http/urls.ts makes it) — a section, or a site space in its section with, for a page,
 * the page's path there.
 */
export type DestinationPlace =
  | { kind: "external"; url: string }
  | { kind: "site-section"; site: SiteAddress; section: SectionPlace }
  | { kind: "site-space"; site: SiteAddress; section: SectionPlace | null; siteSpace: SiteSpacePlace; pagePath?: string };

/** The place a destination leads to now, or null when what it names is gone from the site. */
export async function destinationPlace(tx: Db, site: Pick<Site, "id" | "basename" | "hostname" | "proxy">, destination: RedirectDestination): Promise<DestinationPlace | null> {
  if (destination.kind === "external") return { kind: "external", url: destination.url };
  if (destination.kind === "site-section") {
    const section = await tx.siteSection.findFirst({ where: { id: destination.siteSectionId, siteId: site.id } });
    return section ? { kind: "site-section", site, section } : null;
  }
  const siteSpace = await tx.siteSpace.findFirst({ where: { id: destination.siteSpaceId, siteId: site.id }, include: { section: true, space: true } });
  if (!siteSpace) return null;
  const place = { kind: "site-space" as const, site, section: siteSpace.section, siteSpace };
  if (destination.kind === "site-space") return place;
  const pagePath = (await pagePaths(tx, siteSpace.space)).get(destination.pageId);
  return pagePath === undefined ? null : { ...place, pagePath };
}
