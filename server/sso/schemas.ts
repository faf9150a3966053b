import { z } from "zod";
import { entityIdSchema } from "../ids";
import { roleOrGuestSchema } from "../policies/roles";
import { httpUrlSchema } from "../validation/http-url";

/** Bounds of the reference (SAMLProviderLabel, SAMLProviderEntityID, SAMLProviderCertificate, URL). */
const samlProviderFields = {
  label: z.string().trim().min(1).max(30),
  /** The identity provider's entity ID (its Issuer). */
  entityID: z.string().trim().min(1).max(1024),
  /** Where the identity provider takes sign-in requests. */
  ssoURL: httpUrlSchema,
  /** PEM; parsed by the service (server/sso/certificate.ts), which names this field when it is not one. */
  certificate: z.string().max(10_000),
  /** A team of the organization that members joining through the provider are added to; null for none. */
  defaultTeam: entityIdSchema.nullable(),
  /** The role of members joining through the provider; null makes them guests. */
  defaultRole: roleOrGuestSchema,
};

/**
 * The reference requires only `label`; Quire also requires what signing in needs (the identity
 * provider's entity ID, SSO URL and certificate), so that a provider is never half configured:
 * the service provider's side (entity ID, ACS URL) is the organization's and can be copied into
 * the identity provider before any provider exists here.
 */
export const createSamlProviderInput = z.object({
  ...samlProviderFields,
  defaultTeam: samlProviderFields.defaultTeam.optional(),
  defaultRole: samlProviderFields.defaultRole.optional(),
});

export const updateSamlProviderInput = z.object(samlProviderFields).partial();

export type CreateSamlProviderInput = z.infer<typeof createSamlProviderInput>;
export type UpdateSamlProviderInput = z.infer<typeof updateSamlProviderInput>;

/** What the sign-in page looks single sign-on up by: an email, or an organization's hostname or id. */
export const findSsoInput = z.object({ query: z.string().trim().min(1).max(320) });
