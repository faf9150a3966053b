import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSpace } from "../policies/access";
import { presentPageHit } from "../presenters/search";
import { searchPages, type SearchParams } from "./query";

/** Full-text search of a space's main content: ranked pages with their matching sections. */
export async function searchSpace(ctx: ServiceContext, spaceId: string, params: SearchParams) {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  const { pages, count, next } = await searchPages([space.id], params);
  return { items: pages.map((page) => presentPageHit(page, space, ctx.baseUrl)), count, ...(next ? { next } : {}) };
}
