import { z } from "zod";
import { listParams, trpcListLimit } from "../../pagination";
import { presentTeam, presentTeamMember } from "../../presenters/team";
import { createTeam } from "../../teams/create-team";
import { deleteTeam } from "../../teams/delete-team";
import { getTeam, listMemberCandidates, listTeamMembers, listTeams } from "../../teams/queries";
import { addTeamMemberInput, createTeamInput, listTeamsParams, memberCandidatesInput, organizationPath, teamMemberPath, teamPath, updateTeamInput, updateTeamMembersInput } from "../../teams/schemas";
import { updateTeam } from "../../teams/update-team";
import { addTeamMember } from "../../teams/add-team-member";
import { removeTeamMember } from "../../teams/remove-team-member";
import { updateTeamMembers } from "../../teams/update-team-members";
import { protectedProcedure, router } from "../init";

/** The Teams page: the same services and schemas as /v1's team operations, inputs flat (ids beside the fields). */
export const teamsRouter = router({
  list: protectedProcedure
    .input(organizationPath.extend(listTeamsParams.shape).extend(trpcListLimit))
    .query(async ({ ctx, input: { organizationId, ...params } }) => {
      const page = await listTeams(ctx, organizationId, params);
      return { ...page, items: page.items.map(presentTeam) };
    }),
  get: protectedProcedure.input(teamPath).query(async ({ ctx, input }) => presentTeam(await getTeam(ctx, input.organizationId, input.teamId))),
  create: protectedProcedure.input(organizationPath.extend(createTeamInput.shape)).mutation(async ({ ctx, input: { organizationId, ...body } }) => presentTeam(await createTeam(ctx, organizationId, body))),
  rename: protectedProcedure
    .input(teamPath.extend(updateTeamInput.shape))
    .mutation(async ({ ctx, input: { organizationId, teamId, ...body } }) => presentTeam(await updateTeam(ctx, organizationId, teamId, body))),
  delete: protectedProcedure.input(teamPath).mutation(({ ctx, input }) => deleteTeam(ctx, input.organizationId, input.teamId)),
  members: protectedProcedure
    .input(teamPath.extend(listParams.shape).extend({ limit: z.number().int().min(1).max(1000).default(100) }))
    .query(async ({ ctx, input: { organizationId, teamId, ...params } }) => {
      const page = await listTeamMembers(ctx, organizationId, teamId, params);
      return { ...page, items: page.items.map((item) => presentTeamMember(item, ctx.urls)) };
    }),
  updateMembers: protectedProcedure
    .input(teamPath.extend(updateTeamMembersInput.unwrap().shape))
    .mutation(({ ctx, input: { organizationId, teamId, ...body } }) => updateTeamMembers(ctx, organizationId, teamId, body)),
  addMember: protectedProcedure
    .input(teamMemberPath.extend(addTeamMemberInput.unwrap().shape))
    .mutation(({ ctx, input }) => addTeamMember(ctx, input.organizationId, input.teamId, input.userId, input.role)),
  removeMember: protectedProcedure.input(teamMemberPath).mutation(({ ctx, input }) => removeTeamMember(ctx, input.organizationId, input.teamId, input.userId)),
  /** Members of the organization for pickers. */
  memberCandidates: protectedProcedure.input(memberCandidatesInput).query(({ ctx, input }) => listMemberCandidates(ctx, input.organizationId, input.search)),
});
