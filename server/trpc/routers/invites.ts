import { entityIdSchema } from "../../ids";
import { createLinkInvite } from "../../invites/create-link-invite";
import { deleteInvite } from "../../invites/delete-invite";
import { inviteUsers } from "../../invites/invite-users";
import { listLinkInvites, listPendingEmailInvites } from "../../invites/queries";
import { resendEmailInvite } from "../../invites/resend-invite";
import { createLinkInviteInput, inviteUsersInput, linkInvitePath, updateLinkInviteInput } from "../../invites/schemas";
import { updateLinkInvite } from "../../invites/update-link-invite";
import { organizationPath } from "../../members/schemas";
import { protectedProcedure, router } from "../init";

const invitePath = organizationPath.extend({ inviteId: entityIdSchema });

/** The invites page: invites by email (pending ones resent or revoked) and invite links. */
export const invitesRouter = router({
  inviteByEmail: protectedProcedure
    .input(organizationPath.extend(inviteUsersInput.shape))
    .mutation(({ ctx, input: { organizationId, ...body } }) => inviteUsers(ctx, organizationId, body)),
  pending: protectedProcedure.input(organizationPath).query(({ ctx, input }) => listPendingEmailInvites(ctx, input.organizationId)),
  resend: protectedProcedure.input(invitePath).mutation(({ ctx, input }) => resendEmailInvite(ctx, input.organizationId, input.inviteId)),
  revoke: protectedProcedure.input(invitePath).mutation(({ ctx, input }) => deleteInvite(ctx, input.organizationId, input.inviteId, "email")),
  links: protectedProcedure.input(organizationPath).query(({ ctx, input }) => listLinkInvites(ctx, input.organizationId, { limit: 1000 })),
  createLink: protectedProcedure
    .input(organizationPath.extend(createLinkInviteInput.shape))
    .mutation(({ ctx, input: { organizationId, ...body } }) => createLinkInvite(ctx, organizationId, body)),
  updateLink: protectedProcedure
    .input(linkInvitePath.extend({ role: updateLinkInviteInput.shape.role.unwrap() }))
    .mutation(({ ctx, input: { organizationId, inviteId, role } }) => updateLinkInvite(ctx, organizationId, inviteId, { role })),
  deleteLink: protectedProcedure.input(invitePath).mutation(({ ctx, input }) => deleteInvite(ctx, input.organizationId, input.inviteId, "link")),
});
