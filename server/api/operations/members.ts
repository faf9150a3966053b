import { listMembers, getMember, listSpacesForMember, listTeamsForMember } from "../../members/queries";
import { recordLastSeen } from "../../members/record-last-seen";
import { removeMember } from "../../members/remove-member";
import { listMemberSpacesParams, listMembersParams, listMemberTeamsParams, memberPath, organizationPath, updateMemberInput } from "../../members/schemas";
import { updateMember } from "../../members/update-member";
import { presentMemberRecord } from "../../presenters/member";
import { presentSpace } from "../../presenters/space";
import { presentTeam } from "../../presenters/team";
import { defineOperation } from "../operation";

/** The reference's `organization-members` operations (setUserAsSSOMemberForOrganization is with single sign-on, ./sso.ts). */
export const memberOperations = [
  defineOperation({
    operationId: "listMembersInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members",
    params: organizationPath,
    query: listMembersParams,
    handler: async (c) => {
      const page = await listMembers(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((member) => presentMemberRecord(member, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "getMemberInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members/{userId}",
    params: memberPath,
    handler: async (c) => presentMemberRecord(await getMember(c, c.params.organizationId, c.params.userId), c.urls),
  }),
  defineOperation({
    operationId: "updateMemberInOrganizationById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/members/{userId}",
    params: memberPath,
    body: updateMemberInput,
    handler: async (c) => presentMemberRecord(await updateMember(c, c.params.organizationId, c.params.userId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "removeMemberFromOrganizationById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/members/{userId}",
    params: memberPath,
    status: 204,
    handler: (c) => removeMember(c, c.params.organizationId, c.params.userId),
  }),
  defineOperation({
    operationId: "updateOrganizationMemberLastSeenAt",
    method: "POST",
    path: "/v1/orgs/{organizationId}/ping",
    params: organizationPath,
    handler: (c) => recordLastSeen(c, c.params.organizationId),
  }),
  defineOperation({
    operationId: "listSpacesForOrganizationMember",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members/{userId}/spaces",
    params: memberPath,
    query: listMemberSpacesParams,
    handler: async (c) => {
      const page = await listSpacesForMember(c, c.params.organizationId, c.params.userId, c.query);
      return { ...page, items: page.items.map(({ permission, space }) => ({ permission, space: presentSpace(space, c.urls) })) };
    },
  }),
  defineOperation({
    operationId: "listTeamsForOrganizationMember",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members/{userId}/teams",
    params: memberPath,
    query: listMemberTeamsParams,
    handler: async (c) => {
      const page = await listTeamsForMember(c, c.params.organizationId, c.params.userId, c.query);
      return { ...page, items: page.items.map(({ team, counts, permissions, role }) => ({ team: presentTeam({ ...team, counts, permissions }), member: { role } })) };
    },
  }),
];
