import { listParams } from "../../pagination";
import { presentTeam, presentTeamMember } from "../../presenters/team";
import { createTeam } from "../../teams/create-team";
import { deleteTeam } from "../../teams/delete-team";
import { getTeam, listTeamMembers, listTeams } from "../../teams/queries";
import { addTeamMemberInput, createTeamInput, listTeamsParams, organizationPath, teamMemberPath, teamPath, updateTeamInput, updateTeamMembersInput } from "../../teams/schemas";
import { updateTeam } from "../../teams/update-team";
import { addTeamMember } from "../../teams/add-team-member";
import { removeTeamMember } from "../../teams/remove-team-member";
import { updateTeamMembers } from "../../teams/update-team-members";
import { defineOperation } from "../operation";

/** The reference's `teams` and `team-members` tags. */
export const teamOperations = [
  defineOperation({
    operationId: "listTeamsInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/teams",
    params: organizationPath,
    query: listTeamsParams,
    handler: async (c) => {
      const page = await listTeams(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map(presentTeam) };
    },
  }),
  defineOperation({
    operationId: "createOrganizationTeam",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/teams",
    params: organizationPath,
    body: createTeamInput,
    status: 201,
    handler: async (c) => presentTeam(await createTeam(c, c.params.organizationId, c.body)),
  }),
  defineOperation({
    operationId: "getTeamInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/teams/{teamId}",
    params: teamPath,
    handler: async (c) => presentTeam(await getTeam(c, c.params.organizationId, c.params.teamId)),
  }),
  defineOperation({
    operationId: "updateTeamInOrganizationById",
    method: "PATCH",
    path: "/v1/orgs/{organizationId}/teams/{teamId}",
    params: teamPath,
    body: updateTeamInput,
    handler: async (c) => presentTeam(await updateTeam(c, c.params.organizationId, c.params.teamId, c.body)),
  }),
  defineOperation({
    operationId: "removeTeamFromOrganizationById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/teams/{teamId}",
    params: teamPath,
    status: 204,
    handler: (c) => deleteTeam(c, c.params.organizationId, c.params.teamId),
  }),
  defineOperation({
    operationId: "listTeamMembersInOrganizationById",
    method: "GET",
    path: "/v1/orgs/{organizationId}/teams/{teamId}/members",
    params: teamPath,
    query: listParams,
    handler: async (c) => {
      const page = await listTeamMembers(c, c.params.organizationId, c.params.teamId, c.query);
      return { ...page, items: page.items.map((item) => presentTeamMember(item, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "updateMembersInOrganizationTeam",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/teams/{teamId}/members",
    params: teamPath,
    body: updateTeamMembersInput,
    status: 204,
    handler: (c) => updateTeamMembers(c, c.params.organizationId, c.params.teamId, c.body),
  }),
  defineOperation({
    operationId: "addMemberToOrganizationTeamById",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}",
    params: teamMemberPath,
    body: addTeamMemberInput,
    status: 204,
    handler: (c) => addTeamMember(c, c.params.organizationId, c.params.teamId, c.params.userId, c.body.role),
  }),
  defineOperation({
    operationId: "deleteMemberFromOrganizationTeamById",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}",
    params: teamMemberPath,
    status: 204,
    handler: (c) => removeTeamMember(c, c.params.organizationId, c.params.teamId, c.params.userId),
  }),
];
