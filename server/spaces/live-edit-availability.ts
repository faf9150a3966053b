import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSpace } from "../policies/access";
import { liveEditRefusal } from "../policies/live-edit";

/** Whether the caller may edit the space live, and if not why (the reader's Edit button asks it). */
export async function liveEditAvailability(ctx: ServiceContext, spaceId: string) {
  const refusal = liveEditRefusal(await loadSpace(db(), ctx.actor, spaceId));
  return refusal ? { allowed: false as const, ...refusal } : { allowed: true as const };
}
