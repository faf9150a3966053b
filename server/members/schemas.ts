import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { roleOrGuestSchema, roleSchema } from "../policies/roles";
import { organizationPath } from "../teams/schemas";

export { organizationPath };
export const memberPath = organizationPath.extend({ userId: entityIdSchema });

const order = z.enum(["asc", "desc"]).default("desc");

export const listMembersParams = listParams.extend({
  order,
  /** A role, or `guest` for members without one. */
  role: z.union([roleSchema, z.literal("guest")]).optional(),
  /** Part of a name or email address, any case. */
  search: z.string().trim().max(100).optional(),
  /** `lastSeenAt` lists only members seen at least once. */
  sort: z.enum(["joinedAt", "lastSeenAt", "name"]).default("joinedAt"),
});
export type ListMembersParams = z.infer<typeof listMembersParams>;

export const listMemberSpacesParams = listParams.extend({ order });
export type ListMemberSpacesParams = z.infer<typeof listMemberSpacesParams>;

export const listMemberTeamsParams = listParams.extend({ title: z.string().trim().max(100).optional() });
export type ListMemberTeamsParams = z.infer<typeof listMemberTeamsParams>;

export const updateMemberInput = z.object({ role: roleOrGuestSchema });

/** Ending a member's sessions, or resetting their password: also revoke every API token of theirs. */
export const memberAccountActionInput = z.object({ revokeApiTokens: z.boolean().optional() });
export type MemberAccountActionInput = z.infer<typeof memberAccountActionInput>;
