import type { Db } from "../db/client";
import { siteSpaceUrl } from "./urls";

/**
 * Where a space is published: the URL of its site space in a published site (`Space.urls.published`),
 * also its public URL when that site is public (`Space.urls.public`). A space shown by several
 * published sites answers with the oldest site's, and its first site space there.
 */
export type SpacePublication = { published: string; public?: string };

/** The publications of many spaces in one query (lists), keyed by space id; absent when unpublished. */
export async function spacePublications(tx: Db, spaceIds: string[], baseUrl: string): Promise<Map<string, SpacePublication>> {
  const rows =
    spaceIds.length === 0
      ? []
      : await tx.siteSpace.findMany({
          where: { spaceId: { in: spaceIds }, site: { published: true }, space: { deletedAt: null } },
          include: { site: true, section: true },
          orderBy: [{ site: { createdAt: "asc" } }, { siteId: "asc" }, { position: "asc" }, { id: "asc" }],
        });
  const found = new Map<string, SpacePublication>();
  for (const row of rows) {
    if (found.has(row.spaceId)) continue;
    const url = siteSpaceUrl(row.site, row.section, row, baseUrl);
    found.set(row.spaceId, { published: url, ...(row.site.visibility === "public" ? { public: url } : {}) });
  }
  return found;
}

/** One space's publication: for answers about a single space. */
export async function spacePublication(tx: Db, spaceId: string, baseUrl: string): Promise<SpacePublication | undefined> {
  return (await spacePublications(tx, [spaceId], baseUrl)).get(spaceId);
}
