import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";

/** The reference's OrganizationTeamTitle: 1 to 64 characters. */
export const teamTitleSchema = z.string().trim().min(1).max(64);
export const teamMemberRoleSchema = z.enum(["owner", "member"]);

/** Most users one request may name (a team's members at creation, a batch of membership changes). */
export const MAX_USERS_PER_REQUEST = 100;

/** A user named by id or by email (the reference's team membership bodies take either). */
const userRefSchema = z.union([entityIdSchema, z.email().max(254)]);

export const organizationPath = z.object({ organizationId: entityIdSchema });
export const teamPath = organizationPath.extend({ teamId: entityIdSchema });
export const teamMemberPath = teamPath.extend({ userId: entityIdSchema });

export const listTeamsParams = listParams.extend({
  /** A member of the organization: only the teams they can manage. */
  owner: entityIdSchema.optional(),
  /** Case-insensitive "contains" on the title. */
  title: z.string().max(64).optional(),
});

export const createTeamInput = z.object({
  title: teamTitleSchema,
  members: z.array(entityIdSchema).max(MAX_USERS_PER_REQUEST).optional(),
});

export const updateTeamInput = z.object({ title: teamTitleSchema });

export const updateTeamMembersInput = z
  .object({
    add: z.array(userRefSchema).max(MAX_USERS_PER_REQUEST).optional(),
    remove: z.array(userRefSchema).max(MAX_USERS_PER_REQUEST).optional(),
    /** Roles to set, by user id. */
    memberships: z
      .record(entityIdSchema, z.object({ role: teamMemberRoleSchema }))
      .refine((roles) => Object.keys(roles).length <= MAX_USERS_PER_REQUEST, `at most ${MAX_USERS_PER_REQUEST} memberships`)
      .optional(),
  })
  .default({});

export const addTeamMemberInput = z.object({ role: teamMemberRoleSchema.optional() }).default({});

/** For member pickers: members of the organization whose name or email contains `search`. */
export const memberCandidatesInput = organizationPath.extend({ search: z.string().trim().max(100).default("") });

export type ListTeamsParams = z.infer<typeof listTeamsParams>;
export type CreateTeamInput = z.infer<typeof createTeamInput>;
export type UpdateTeamInput = z.infer<typeof updateTeamInput>;
export type UpdateTeamMembersInput = z.infer<typeof updateTeamMembersInput>;
