import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadOrganization } from "../policies/access";
import { assertKeepsAnAdmin, lockAdmins } from "../policies/organization";
import { parseRole } from "../policies/roles";
import { loadMember, memberRecords } from "./queries";
import type { MemberRecord } from "./records";
import type { updateMemberInput } from "./schemas";
import { authorize } from "../policies/authorize";

/** Gives a member another role (null: guest). The organization's last admin keeps theirs (409). */
export async function updateMember(ctx: ServiceContext, organizationId: string, userId: string, input: z.infer<typeof updateMemberInput>): Promise<MemberRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.manageMembers");
  return writeChange(ctx, async (tx, events) => {
    // Admins first, then the member: every membership write of an organization takes its locks in this order.
    const admins = await lockAdmins(tx, organizationId);
    const member = await loadMember(tx, access, userId);
    const from = parseRole(member.role);
    if (from === input.role) {
      events.nothingChanged();
      return (await memberRecords(tx, access, [member]))[0]!;
    }
    assertKeepsAnAdmin(admins, userId, "demote");
    const updated = await tx.member.update({
      where: { organizationId_userId: { organizationId, userId } },
      data: { role: input.role },
      include: { user: true },
    });
    events.record({
      organizationId,
      action: "member.role_changed",
      target: { type: "user", id: userId, label: member.user.displayName },
      payload: { from, to: input.role },
    });
    return (await memberRecords(tx, access, [updated]))[0]!;
  });
}
