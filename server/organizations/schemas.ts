import { z } from "zod";
import { roleOrGuestSchema } from "../policies/roles";
import { httpUrlSchema } from "../validation/http-url";

const title = z.string().trim().min(2).max(255);
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a domain name such as example.com");

/** The organization's subdomain (`<hostname>.<Quire's domain>`), as the reference's Subdomain pattern has it. */
const subdomain = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/, "must be 3 to 32 lowercase letters, digits and dashes, starting and ending with a letter or digit");

export const createOrganizationInput = z.object({
  title,
  emailDomains: z.array(emailDomain).max(50).optional(),
});

export const updateOrganizationInput = z.object({
  title: title.optional(),
  emailDomains: z.array(emailDomain).max(50).optional(),
  hostname: subdomain.optional(),
  defaultRole: roleOrGuestSchema.optional(),
  defaultContent: z.object({ type: z.literal("site"), site: z.string().min(1) }).nullable().optional(),
  logo: httpUrlSchema.nullable().optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  mergeRules: z.object({ type: z.literal("none") }).optional(),
});

export const emailDomainSchema = emailDomain;
export const subdomainSchema = subdomain;
