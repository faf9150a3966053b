import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { mailConfigured } from "../mail/mailer";
import { loadOrganization } from "../policies/access";
import { parseRole, type Role } from "../policies/roles";
import { sendInviteEmail } from "./invite-email-job";
import type { InviteUsersInput } from "./schemas";
import type { InviteUsersRecord } from "./records";
import { inviteExpiry, newInviteToken } from "./tokens";
import { authorize } from "../policies/authorize";

/**
 * `inviteUsersToOrganization`: an invite per address that is not a member yet (inviting an address
 * again renews its invite: new link, role and expiry). With mail configured each is mailed by a job
 * sent in this write (server/invites/invite-email-job.ts); without it, their links (`links`) are
 * returned (their tokens) for the edge to answer as links the inviter passes on, once: only their hashes are kept. `users`: the accounts
 * that already exist for the addresses invited; `invited`: how many invites were made.
 */
export async function inviteUsers(ctx: ServiceContext, organizationId: string, input: InviteUsersInput): Promise<InviteUsersRecord> {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  authorize(access, "organization.invite");
  const defaultRole = input.role !== undefined ? input.role : parseRole(access.organization.defaultRole);
  const wanted = new Map<string, Role | null>();
  for (const entry of input.emails) {
    if (typeof entry === "string") wanted.set(entry, defaultRole);
    else wanted.set(entry.email, entry.role);
  }
  const mail = mailConfigured();
  return writeChange(ctx, async (tx, events) => {
    const accounts = await tx.user.findMany({
      where: { email: { in: [...wanted.keys()], mode: "insensitive" } },
      select: { id: true, email: true, memberships: { where: { organizationId }, select: { userId: true } } },
    });
    const users: string[] = [];
    const links: InviteUsersRecord["links"] = [];
    for (const [email, role] of wanted) {
      const account = accounts.find((candidate) => candidate.email.toLowerCase() === email);
      if (account?.memberships.length) continue;
      if (account) users.push(account.id);
      // With mail, the job gives the invite the token its message carries; this one reaches no one.
      const { token, tokenHash } = newInviteToken();
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO organization_invites (id, organization_id, kind, email, role, sso, token_hash, created_by_id, expires_at)
        VALUES (${newId()}, ${organizationId}, 'email', ${email}, ${role}, ${input.sso ?? false}, ${tokenHash}, ${ctx.actor.userId}, ${inviteExpiry("email")})
        ON CONFLICT (organization_id, email) WHERE kind = 'email' DO UPDATE SET
          role = EXCLUDED.role, sso = EXCLUDED.sso, token_hash = EXCLUDED.token_hash, created_by_id = EXCLUDED.created_by_id,
          created_at = now(), expires_at = EXCLUDED.expires_at, emailed_at = NULL
        RETURNING id`;
      if (mail) await sendInviteEmail(tx, row!.id);
      else links.push({ email, token });
      events.record({ organizationId, action: "member.invited", target: { type: "invite", id: row!.id, label: email }, payload: { email, role, sso: input.sso ?? false, emailed: mail } });
    }
    const invited = mail ? wanted.size - accounts.filter((account) => account.memberships.length).length : links.length;
    if (invited === 0) events.nothingChanged();
    return { users, invited, emailed: mail, links };
  });
}
