import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { roleOrGuestSchema, roleSchema } from "../policies/roles";

/** Most users or teams one invitation may name. */
export const MAX_INVITEES = 100;

export const spacePath = z.object({ spaceId: entityIdSchema });
export const collectionPath = z.object({ collectionId: entityIdSchema });

/** The reference's InviteUsersAndTeams: a role (null removes their grants) for users and teams, at least one of either. */
export const inviteInput = z
  .object({
    role: roleOrGuestSchema,
    users: z.array(entityIdSchema).min(1).max(MAX_INVITEES).optional(),
    teams: z.array(entityIdSchema).min(1).max(MAX_INVITEES).optional(),
  })
  .refine((input) => input.users !== undefined || input.teams !== undefined, "give `users`, `teams` or both");

/** A grant's new role; null removes it. */
export const updateGrantInput = z.object({ role: roleOrGuestSchema });

export const listAggregateParams = listParams.extend({ role: roleSchema.optional() });

/** Whose access to explain: a member of the organization (the caller when left out). */
export const explainParams = z.object({ user: entityIdSchema.optional() });

export type InviteInput = z.infer<typeof inviteInput>;
export type ListAggregateParams = z.infer<typeof listAggregateParams>;
