import { getMember, listMembers } from "../../members/queries";
import { recordLastSeen } from "../../members/record-last-seen";
import { removeMember } from "../../members/remove-member";
import { listMembersParams, memberAccountActionInput, memberPath, organizationPath, updateMemberInput } from "../../members/schemas";
import { endMemberSessions } from "../../members/end-member-sessions";
import { resetMemberPassword } from "../../members/reset-member-password";
import { updateMember } from "../../members/update-member";
import { trpcListLimit } from "../../pagination";
import { presentMemberRecord } from "../../presenters/member";
import { protectedProcedure, router } from "../init";

/** The members page: the same services and schemas as the /v1 member operations. */
export const membersRouter = router({
  list: protectedProcedure.input(organizationPath.extend(listMembersParams.shape).extend(trpcListLimit)).query(async ({ ctx, input: { organizationId, ...params } }) => {
      const page = await listMembers(ctx, organizationId, params);
      return { ...page, items: page.items.map((member) => presentMemberRecord(member, ctx.urls)) };
    }),
  get: protectedProcedure.input(memberPath).query(async ({ ctx, input }) => presentMemberRecord(await getMember(ctx, input.organizationId, input.userId), ctx.urls)),
  update: protectedProcedure
    .input(memberPath.extend(updateMemberInput.shape))
    .mutation(async ({ ctx, input: { organizationId, userId, ...patch } }) => presentMemberRecord(await updateMember(ctx, organizationId, userId, patch), ctx.urls)),
  remove: protectedProcedure.input(memberPath).mutation(({ ctx, input }) => removeMember(ctx, input.organizationId, input.userId)),
  /** An admin's actions on another member's account (server/policies/organization.ts memberPermissions). */
  endSessions: protectedProcedure
    .input(memberPath.extend(memberAccountActionInput.shape))
    .mutation(({ ctx, input: { organizationId, userId, ...options } }) => endMemberSessions(ctx, organizationId, userId, options)),
  resetPassword: protectedProcedure
    .input(memberPath.extend(memberAccountActionInput.shape))
    .mutation(({ ctx, input: { organizationId, userId, ...options } }) => resetMemberPassword(ctx, organizationId, userId, options)),
  /** The app calls it when an organization is opened, so that `lastSeenAt` means something. */
  ping: protectedProcedure.input(organizationPath).mutation(({ ctx, input }) => recordLastSeen(ctx, input.organizationId)),
});
