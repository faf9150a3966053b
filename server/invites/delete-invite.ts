import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { authorize } from "../policies/authorize";

/** Deletes an invite link, or revokes an email invite: its link stops working. Absent: no error. */
export async function deleteInvite(ctx: ServiceContext, organizationId: string, inviteId: string, kind: "email" | "link"): Promise<void> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.invite");
  await writeChange(ctx, async (tx, events) => {
    const [deleted] = await tx.$queryRaw<{ email: string | null }[]>`
      DELETE FROM organization_invites WHERE id = ${inviteId} AND organization_id = ${organizationId} AND kind = ${kind} RETURNING email`;
    if (!deleted) return events.nothingChanged();
    events.record({
      organizationId,
      action: kind === "link" ? "invite_link.deleted" : "member.invite_revoked",
      target: { type: "invite", id: inviteId, ...(deleted.email ? { label: deleted.email } : {}) },
    });
  });
}
