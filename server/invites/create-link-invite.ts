import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { conflict } from "../errors";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadOrganization } from "../policies/access";
import type { LinkInviteRecord } from "./records";
import type { createLinkInviteInput } from "./schemas";
import { inviteExpiry, newInviteToken } from "./tokens";
import { authorize } from "../policies/authorize";

/** A link anyone can join with, at `role`, for a month; its `token` (the link's secret) is returned this once. */
export async function createLinkInvite(ctx: ServiceContext, organizationId: string, input: z.infer<typeof createLinkInviteInput>): Promise<LinkInviteRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.invite");
  if (!access.organization.inviteLinks) throw conflict("Invite links are turned off in this organization: turn them on (inviteLinks) first.");
  const { token, tokenHash } = newInviteToken();
  const invite = await writeChange(ctx, async (tx, events) => {
    const created = await tx.organizationInvite.create({
      data: { id: newId(), organizationId, kind: "link", role: input.role, tokenHash, createdById: ctx.actor.userId, expiresAt: inviteExpiry("link") },
    });
    events.record({ organizationId, action: "invite_link.created", target: { type: "invite", id: created.id }, payload: { role: input.role, expiresAt: created.expiresAt } });
    return created;
  });
  return { ...invite, callerRole: access.memberRole, token };
}
