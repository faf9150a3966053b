import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSpace } from "../policies/access";
import { searchPages, type SearchParams } from "./query";

/** Full-text search of a space's main content: ranked pages with their matching sections, and the space they are in. */
export async function searchSpace(ctx: ServiceContext, spaceId: string, params: SearchParams) {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  const { pages, count, next } = await searchPages([space.id], params);
  return { space, items: pages, count, ...(next ? { next } : {}) };
}
