import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import type { User } from "../db/generated/client";
import { writeChange } from "../events/write-change";
import { loadVisibleUser } from "./queries";
import type { updateUserInput } from "./schemas";
import { assertPerson } from "../policies/installation";
import { authorize } from "../policies/authorize";

/**
 * Changes a user's name or photo: a user edits only themself (403 for another user the caller can
 * see, 404 for anyone else). Each organization they belong to records it: admins see who is who.
 */
export async function updateUser(ctx: ServiceContext, userId: string, input: z.infer<typeof updateUserInput>): Promise<User> {
  assertPerson(ctx.actor);
  const user = await loadVisibleUser(db(), ctx.actor, userId);
  authorize(ctx.actor, "user.updateProfile", user);
  const updated = await writeChange(ctx, async (tx, events) => {
    const changed = await tx.user.update({ where: { id: userId }, data: { displayName: input.displayName, photoURL: input.photoURL } });
    const memberships = await tx.member.findMany({ where: { userId }, select: { organizationId: true } });
    const payload = { ...(input.displayName !== undefined ? { displayName: { from: user.displayName, to: changed.displayName } } : {}), ...(input.photoURL !== undefined ? { photoURL: changed.photoURL } : {}) };
    for (const { organizationId } of memberships) {
      events.record({ organizationId, action: "member.profile_updated", target: { type: "user", id: userId, label: changed.displayName }, payload });
    }
    // A user in no organization: no organization's record has anything to show.
    if (memberships.length === 0) events.nothingChanged();
    return changed;
  });
  return updated;
}
