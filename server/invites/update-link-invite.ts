import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { parseRole } from "../policies/roles";
import { loadInvite } from "./queries";
import type { LinkInviteRecord } from "./records";
import type { updateLinkInviteInput } from "./schemas";

/** Changes the role an invite link gives to those who join with it from now on. */
export async function updateLinkInvite(ctx: ServiceContext, organizationId: string, inviteId: string, input: z.infer<typeof updateLinkInviteInput>): Promise<LinkInviteRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const role = input.role !== undefined ? input.role : input.level!;
  const invite = await writeChange(ctx, async (tx, events) => {
    const current = await loadInvite(tx, access, inviteId, "link");
    if (parseRole(current.role) === role) {
      events.nothingChanged();
      return current;
    }
    const updated = await tx.organizationInvite.update({ where: { id: inviteId }, data: { role } });
    events.record({ organizationId, action: "invite_link.updated", target: { type: "invite", id: inviteId }, payload: { from: current.role, to: role } });
    return updated;
  });
  return { ...invite, callerRole: access.memberRole };
}
