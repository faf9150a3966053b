import { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
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
 * requests by number or subject. Everything is read through the caller's visibility filters:
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
    db().changeRequest.findMany({
      where: { space: visibleSpaces, OR: [{ subject: contains }, ...(number ? [{ number: Number(number) }] : [])] },
      select: { number: true, subject: true, status: true, space: { select: { id: true, title: true } } },
      // An exact number first, then the most recent.
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      take: PER_GROUP,
    }),
  ]);

  return {
    pages: pages.items.flatMap((space) =>
      space.pages.map((page) => {
        // The best section that matches on its own opens the page at its heading.
        const section = page.sections.find((each) => each.resultType === "section") ?? page.sections[0];
        const anchor = section?.id.includes("#") ? section.id.slice(section.id.indexOf("#") + 1) : null;
        return {
          spaceId: space.id,
          spaceTitle: space.title,
          pageId: page.id,
          title: page.title,
          ancestors: page.ancestors.map((ancestor) => ancestor.title),
          section: section ? { title: section.title, anchor, excerpt: section.body } : null,
          rank: page.rank,
        };
      }),
    ).sort((a, b) => a.rank - b.rank),
    spaces,
    collections,
    changeRequests: changeRequests
      .sort((a, b) => Number(b.number === Number(number)) - Number(a.number === Number(number)))
      .map((changeRequest) => ({ spaceId: changeRequest.space.id, spaceTitle: changeRequest.space.title, number: changeRequest.number, subject: changeRequest.subject, status: changeRequest.status })),
  };
}
export type SearchEverywhereResult = Awaited<ReturnType<typeof searchEverywhere>>;
