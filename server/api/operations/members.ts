import { listMembers, getMember, listSpacesForMember, listTeamsForMember } from "../../members/queries";
import { recordLastSeen } from "../../members/record-last-seen";
import { removeMember } from "../../members/remove-member";
import { listMemberSpacesParams, listMembersParams, listMemberTeamsParams, memberPath, organizationPath, updateMemberInput } from "../../members/schemas";
import { updateMember } from "../../members/update-member";
import { defineOperation } from "../operation";

/** The reference's `organization-members` operations (setUserAsSSOMemberForOrganization is with single sign-on, ./sso.ts). */
export const memberOperations = [
  defineOperation({
    operationId: "listMembersInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members",
    params: organizationPath,
    query: listMembersParams,
    handler: (c) => listMembers(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "getMemberInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members/{userId}",
    params: memberPath,
    handler: (c) => getMember(c, c.params.organizationId, c.params.userId),
  }),
  defineOperation({
    operationId: "updateMemberInOrganizationById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/members/{userId}",
    params: memberPath,
    body: updateMemberInput,
    handler: (c) => updateMember(c, c.params.organizationId, c.params.userId, c.body),
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
    handler: (c) => listSpacesForMember(c, c.params.organizationId, c.params.userId, c.query),
  }),
  defineOperation({
    operationId: "listTeamsForOrganizationMember",
    method: "GET",
    path: "/v1/orgs/{organizationId}/members/{userId}/teams",
    params: memberPath,
    query: listMemberTeamsParams,
    handler: (c) => listTeamsForMember(c, c.params.organizationId, c.params.userId, c.query),
  }),
];
