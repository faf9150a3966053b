import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { loadOrganization, visibleContentFilters } from "../policies/access";
import { searchParams } from "./query";
import { searchOrganization } from "./search-organization";

/** The palette's query: bounded like `/v1` search (512 characters), and never blank. */
export const searchEverywhereInput = z.object({ query: z.string().trim().min(1).max(512) });
export type SearchEverywhereInput = z.infer<typeof searchEverywhereInput>;

/** Results per group: a palette shows a handful of each, the best first. */
const PER_GROUP = 6;

/** `#12` or `12`: a change request's number. */
const NUMBER = /^#?([0-9]{1,9})$/;

/**
 * What the command palette finds in an organization: pages (the `/v1` organization search, so
 * ranking, excerpts and anchors are the same), spaces and collections by title, and change
 * requests by number or subject; a query naming a change request's number ranks it first. Everything is read through the caller's visibility filters:
 * what they cannot see is never loaded.
 */
export async function searchEverywhere(ctx: ServiceContext, organizationId: string, input: SearchEverywhereInput) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { spaceWhere, collectionWhere } = await visibleContentFilters(db(), access);
  const visibleSpaces = { AND: [{ organizationId, deletedAt: null }, spaceWhere] };
  const contains = { contains: input.query, mode: "insensitive" as const };
  const number = input.query.match(NUMBER)?.[1];

  const [pages, spaces, collections, changeRequests] = await Promise.all([
    searchOrganization(ctx, organizationId, searchParams.parse({ query: input.query, limit: String(PER_GROUP) })),
    db().space.findMany({
      where: { AND: [visibleSpaces, { title: contains }] },
      select: { id: true, title: true, emoji: true },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      take: PER_GROUP,
    }),
    db().collection.findMany({
      where: { AND: [{ organizationId }, collectionWhere, { title: contains }] },
      select: { id: true, title: true },
      orderBy: [{ title: "asc" }, { id: "asc" }],
      take: PER_GROUP,
    }),
    changeRequestsOf(visibleSpaces, contains, number === undefined ? null : Number(number)),
  ]);

  return {
    pages: pages.items.flatMap((space) =>
      space.pages.map((page) => {
        // The best section that matches on its own opens the page at its heading (none for the lead before the first one).
        const section = page.sections.find((each) => each.matched) ?? page.sections[0];
        return {
          spaceId: space.id,
          spaceTitle: space.title,
          pageId: page.pageId,
          title: page.title,
          ancestors: page.ancestors.map((ancestor) => ancestor.title),
          section: section ? { title: section.title, anchor: section.id || null, excerpt: section.snippet } : null,
          rank: page.rank,
        };
      }),
    ).sort((a, b) => a.rank - b.rank),
    spaces,
    collections,
    changeRequests: changeRequests.map((changeRequest) => ({
      spaceId: changeRequest.space.id,
      spaceTitle: changeRequest.space.title,
      number: changeRequest.number,
      subject: changeRequest.subject,
      status: changeRequest.status,
    })),
    /** The query names a change request by its number and one was found: it is the best answer, above any page. */
    changeRequestsFirst: number !== undefined && changeRequests[0]?.number === Number(number),
  };
}
/**
 * Change requests by number (`#12` or `12`, in every space the caller sees: those first) then by
 * subject, most recently updated first: a subject containing "1" never pushes change request #1 out.
 */
async function changeRequestsOf(visibleSpaces: Prisma.SpaceWhereInput, contains: Prisma.StringFilter, number: number | null) {
  const select = { id: true, number: true, subject: true, status: true, space: { select: { id: true, title: true } } } as const;
  const orderBy = [{ updatedAt: "desc" as const }, { id: "asc" as const }];
  const byNumber = number === null ? [] : await db().changeRequest.findMany({ where: { space: visibleSpaces, number }, select, orderBy, take: PER_GROUP });
  const bySubject = await db().changeRequest.findMany({
    where: { space: visibleSpaces, subject: contains, id: { notIn: byNumber.map((changeRequest) => changeRequest.id) } },
    select,
    orderBy,
    take: PER_GROUP - byNumber.length,
  });
  return [...byNumber, ...bySubject];
}

export type SearchEverywhereResult = Awaited<ReturnType<typeof searchEverywhere>>;
