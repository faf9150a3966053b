import { z } from "zod";
import { newPasswordSchema } from "../auth/passwords";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { roleOrGuestSchema } from "../policies/roles";

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email({ error: "must be an email address" }));

export const inviteUsersInput = z.object({
  /** Addresses, each alone (the request's `role`) or with its own role. */
  emails: z
    .array(z.union([emailSchema, z.object({ email: emailSchema, role: roleOrGuestSchema })]))
    .min(1)
    .max(50),
  /** Role of the addresses given alone; the organization's default role when omitted. */
  role: roleOrGuestSchema.optional(),
  /** Whether they join allowed to sign in through the organization's single sign-on. */
  sso: z.boolean().optional(),
});
export type InviteUsersInput = z.infer<typeof inviteUsersInput>;

export const createLinkInviteInput = z.object({ role: roleOrGuestSchema });

/** The reference names the new role `role` or, in its older form, `level`. */
export const updateLinkInviteInput = z
  .object({ role: roleOrGuestSchema.optional(), level: roleOrGuestSchema.optional() })
  .refine((input) => input.role !== undefined || input.level !== undefined, "give the invite's new role");

export const linkInvitePath = z.object({ organizationId: entityIdSchema, inviteId: entityIdSchema });
export const listLinkInvitesParams = listParams;

/** What a new person gives on the invite page (a link invite also asks for the email address). */
export const signUpWithInviteInput = z.object({
  email: emailSchema.optional(),
  displayName: z.string().trim().min(1).max(64),
  password: newPasswordSchema,
});
export type SignUpWithInviteInput = z.infer<typeof signUpWithInviteInput>;
