import { createLinkInvite } from "../../invites/create-link-invite";
import { deleteInvite } from "../../invites/delete-invite";
import { inviteUsers } from "../../invites/invite-users";
import { joinWithInvite } from "../../invites/join-with-invite";
import { getLinkInvite, listLinkInvites } from "../../invites/queries";
import { createLinkInviteInput, inviteUsersInput, linkInvitePath, listLinkInvitesParams, updateLinkInviteInput } from "../../invites/schemas";
import { updateLinkInvite } from "../../invites/update-link-invite";
import { organizationPath } from "../../members/schemas";
import { defineOperation } from "../operation";

export const inviteOperations = [
  defineOperation({
    operationId: "inviteUsersToOrganization",
    method: "POST",
    path: "/v1/orgs/{organizationId}/invites",
    params: organizationPath,
    body: inviteUsersInput,
    handler: (c) => inviteUsers(c, c.params.organizationId, c.body),
  }),
  defineOperation({
    // `inviteId` is the secret of the invite's link (its last path segment), not the id admins see:
    // knowing an invite's id lets no one join.
    operationId: "joinOrganizationWithInvite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/invites/{inviteId}",
    params: linkInvitePath,
    handler: async (c) => {
      await joinWithInvite(c, c.params.inviteId, c.params.organizationId);
      return {};
    },
  }),
  defineOperation({
    operationId: "listOrganizationInviteLinks",
    method: "GET",
    path: "/v1/orgs/{organizationId}/link-invites",
    params: organizationPath,
    query: listLinkInvitesParams,
    handler: (c) => listLinkInvites(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "createOrganizationInvite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/link-invites",
    params: organizationPath,
    body: createLinkInviteInput,
    status: 201,
    handler: (c) => createLinkInvite(c, c.params.organizationId, c.body),
  }),
  defineOperation({
    operationId: "getOrganizationInviteLink",
    method: "GET",
    path: "/v1/orgs/{organizationId}/link-invites/{inviteId}",
    params: linkInvitePath,
    handler: (c) => getLinkInvite(c, c.params.organizationId, c.params.inviteId),
  }),
  defineOperation({
    operationId: "updateOrganizationInviteById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/link-invites/{inviteId}",
    params: linkInvitePath,
    body: updateLinkInviteInput,
    handler: (c) => updateLinkInvite(c, c.params.organizationId, c.params.inviteId, c.body),
  }),
  defineOperation({
    operationId: "deleteOrganizationInviteById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/link-invites/{inviteId}",
    params: linkInvitePath,
    status: 204,
    handler: (c) => deleteInvite(c, c.params.organizationId, c.params.inviteId, "link"),
  }),
];
