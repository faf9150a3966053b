import { entityIdSchema } from "../../ids";
import { createLinkInvite } from "../../invites/create-link-invite";
import { deleteInvite } from "../../invites/delete-invite";
import { inviteUsers } from "../../invites/invite-users";
import { listLinkInvites, listPendingEmailInvites } from "../../invites/queries";
import { resendEmailInvite } from "../../invites/resend-invite";
import { createLinkInviteInput, inviteUsersInput, linkInvitePath, updateLinkInviteInput } from "../../invites/schemas";
import { updateLinkInvite } from "../../invites/update-link-invite";
import { organizationPath } from "../../members/schemas";
import { presentEmailInvite, presentInviteUsers, presentLinkInvite, presentResentInvite } from "../../presenters/invite";
import { protectedProcedure, router } from "../init";

const invitePath = organizationPath.extend({ inviteId: entityIdSchema });

/** The invites page: invites by email (pending ones resent or revoked) and invite links. */
export const invitesRouter = router({
  inviteByEmail: protectedProcedure
    .input(organizationPath.extend(inviteUsersInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...body } }) => presentInviteUsers(await inviteUsers(ctx, organizationId, body), ctx.urls)),
  pending: protectedProcedure.input(organizationPath).query(async ({ ctx, input }) => (await listPendingEmailInvites(ctx, input.organizationId)).map(presentEmailInvite)),
  resend: protectedProcedure.input(invitePath).mutation(async ({ ctx, input }) => presentResentInvite(await resendEmailInvite(ctx, input.organizationId, input.inviteId), ctx.urls)),
  revoke: protectedProcedure.input(invitePath).mutation(({ ctx, input }) => deleteInvite(ctx, input.organizationId, input.inviteId, "email")),
  links: protectedProcedure.input(organizationPath).query(async ({ ctx, input }) => {
    const page = await listLinkInvites(ctx, input.organizationId, { limit: 1000 });
    return { ...page, items: page.items.map((invite) => presentLinkInvite(invite, ctx.urls)) };
  }),
  createLink: protectedProcedure
    .input(organizationPath.extend(createLinkInviteInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...body } }) => presentLinkInvite(await createLinkInvite(ctx, organizationId, body), ctx.urls)),
  updateLink: protectedProcedure
    .input(linkInvitePath.extend({ role: updateLinkInviteInput.shape.role.unwrap() }))
    .mutation(async ({ ctx, input: { organizationId, inviteId, role } }) => presentLinkInvite(await updateLinkInvite(ctx, organizationId, inviteId, { role }), ctx.urls)),
  deleteLink: protectedProcedure.input(invitePath).mutation(({ ctx, input }) => deleteInvite(ctx, input.organizationId, input.inviteId, "link")),
});
