import { endSessions } from "../auth/sessions";
import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { revokeAllApiTokens } from "../tokens/revoke-all-api-tokens";
import { loadMemberForAction } from "./queries";
import type { MemberAccountActionInput } from "./schemas";

/**
 * An admin signs a member out everywhere: every browser session of theirs ends on its next request,
 * on every app server (server/auth/sessions.ts), and with `revokeApiTokens` every API token of
 * theirs stops too. Sessions belong to the account, so this signs them out of every organization
 * they are in, as removing them does; it gives the admin nothing of theirs. Not on oneself (the
 * profile's password change does it).
 */
export async function endMemberSessions(ctx: ServiceContext, organizationId: string, userId: string, input: MemberAccountActionInput): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const member = await loadMemberForAction(tx, ctx, organizationId, userId, "endSessions");
    await endSessions(tx, userId);
    const revokedApiTokens = input.revokeApiTokens ? await revokeAllApiTokens(tx, userId) : 0;
    events.record({ organizationId, action: "member.sessions_ended", target: { type: "user", id: userId, label: member.user.displayName }, payload: { revokedApiTokens } });
  });
}
