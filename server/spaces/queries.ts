import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { paginateModel, type ListParams } from "../pagination";
import { loadOrganization, loadSpaceWith, visibleContentFilters, type AlongsideSpace } from "../policies/access";
import { daysLeftToRestore, retentionCutoff } from "./purge-deleted-spaces";
import { openSpaceCommentCountSql, openSpaceComments } from "../comments/counts";
import { spacePublicationSql, type PublicationRow } from "../sites/space-publications";
import { spaceRecords, type SpaceRecord } from "./records";
import { permits } from "../policies/authorize";

/** Most deleted spaces the trash shows: it only holds SPACE_RETENTION_DAYS of deletions. */
const TRASH_LIMIT = 1000;

/** What an answer about a space shows besides the space: its open comments and the row of its publication. */
const answerExtras: AlongsideSpace<{ comments: number; publication: PublicationRow | null }> = {
  name: "answer-extras",
  select: (spaceId) => Prisma.sql`jsonb_build_object('comments', (${openSpaceCommentCountSql(spaceId)}), 'publication', (${spacePublicationSql(spaceId)}))`,
  read: (value) => value as { comments: number; publication: PublicationRow | null },
};

/** One space: the API's most frequent read, so the space, the caller's access and what the answer shows come in one query. */
export async function getSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceRecord> {
  const { space, role, alongside } = await loadSpaceWith(db(), ctx.actor, spaceId, answerExtras);
  return { ...space, role, openComments: alongside.comments, publication: alongside.publication };
}

/** Live spaces of an organization the caller can see, in creation order, paged in SQL. */
export async function listSpacesInOrganization(ctx: ServiceContext, organizationId: string, params: ListParams) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const filters = await visibleContentFilters(db(), access);
  const where: Prisma.SpaceWhereInput = { AND: [{ organizationId, deletedAt: null }, filters.spaceWhere] };
  const page = await paginateModel(params, db().space, where);
  return { ...page, items: await spaceRecords(db(), page.items, (space) => filters.resolver.space(space)) };
}

/**
 * The organization's trash: spaces deleted within the retention period that the caller
 * administers (and so may restore), most recently deleted first, with the days left to do so.
 */
export async function listDeletedSpaces(ctx: ServiceContext, organizationId: string, now: Date = new Date()): Promise<(SpaceRecord & { daysLeft: number })[]> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const filters = await visibleContentFilters(db(), access);
  const spaces = await db().space.findMany({
    where: { AND: [{ organizationId, deletedAt: { gte: retentionCutoff(now) } }, filters.spaceWhere] },
    orderBy: [{ deletedAt: "desc" }, { id: "asc" }],
    take: TRASH_LIMIT,
  });
  const comments = await openSpaceComments(db(), spaces.map((space) => space.id));
  return spaces.flatMap((space) => {
    const role = filters.resolver.space(space);
    if (!permits({ role }, "space.restore", space)) return [];
    // In the trash: no site publishes it.
    return [{ ...space, role, openComments: comments.get(space.id)!, publication: null, daysLeft: daysLeftToRestore(space.deletedAt!, now) }];
  });
}
