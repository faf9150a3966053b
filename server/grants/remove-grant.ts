import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { AppError } from "../errors";
import { grantsOn, loadTarget, type ContentTarget } from "../policies/grant";
import { applyGrant } from "./apply-grant";
import { authorize } from "../policies/authorize";

/** Removes what a member or a team is granted on a space, collection or site; answers the same when there was nothing to remove. */
export async function removeGrant(ctx: ServiceContext, target: ContentTarget, subject: { type: "user" | "team"; id: string }): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const access = await loadTarget(tx, ctx.actor, target).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") return null;
      throw error;
    });
    if (!access) return events.nothingChanged();
    authorize(access, "sharing.share", access.target);
    const grant = await tx.contentGrant.findFirst({
      where: { ...grantsOn(target), ...(subject.type === "user" ? { userId: subject.id } : { teamId: subject.id }) },
      include: { user: { select: { displayName: true } }, team: { select: { title: true } } },
    });
    if (!grant) return events.nothingChanged();
    await applyGrant(tx, events, access, { ...subject, label: grant.user?.displayName ?? grant.team?.title ?? subject.id }, null);
  });
}
