import { createLinkInvite } from "../../invites/create-link-invite";
import { deleteInvite } from "../../invites/delete-invite";
import { inviteUsers } from "../../invites/invite-users";
import { joinWithInvite } from "../../invites/join-with-invite";
import { getLinkInvite, listLinkInvites } from "../../invites/queries";
import { createLinkInviteInput, inviteUsersInput, linkInvitePath, listLinkInvitesParams, updateLinkInviteInput } from "../../invites/schemas";
import { updateLinkInvite } from "../../invites/update-link-invite";
import { organizationPath } from "../../members/schemas";
import { presentInviteUsers, presentLinkInvite } from "../../presenters/invite";
import { defineOperation } from "../operation";

export const inviteOperations = [
  defineOperation({
    operationId: "inviteUsersToOrganization",
    method: "POST",
    path: "/v1/orgs/{organizationId}/invites",
    params: organizationPath,
    body: inviteUsersInput,
    handler: async (c) => presentInviteUsers(await inviteUsers(c, c.params.organizationId, c.body), c.urls),
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
    handler: async (c) => {
      const page = await listLinkInvites(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((invite) => presentLinkInvite(invite, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createOrganizationInvite",
    method: "POST",
    path: "/v1/orgs/{organizationId}/link-invites",
    params: organizationPath,
    body: createLinkInviteInput,
    status: 201,
    handler: async (c) => presentLinkInvite(await createLinkInvite(c, c.params.organizationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getOrganizationInviteLink",
    method: "GET",
    path: "/v1/orgs/{organizationId}/link-invites/{inviteId}",
    params: linkInvitePath,
    handler: async (c) => presentLinkInvite(await getLinkInvite(c, c.params.organizationId, c.params.inviteId), c.urls),
  }),
  defineOperation({
    operationId: "updateOrganizationInviteById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/link-invites/{inviteId}",
    params: linkInvitePath,
    body: updateLinkInviteInput,
    handler: async (c) => presentLinkInvite(await updateLinkInvite(c, c.params.organizationId, c.params.inviteId, c.body), c.urls),
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
