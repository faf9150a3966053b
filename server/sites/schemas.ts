import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";
import { defaultLevelSchema } from "../policies/roles";
import { emojiSchema } from "../spaces/schemas";
import { httpUrlSchema } from "../validation/http-url";
import { BASENAME_MAX_LENGTH, BASENAME_PATTERN, isReservedBasename } from "./urls";

/** Input schemas of the site operations, shared by /v1 and tRPC. Bounds and patterns follow the reference document. */

export const DEFAULT_SITE_TITLE = "Untitled site";
/** Most spaces one site creation may add. */
export const MAX_SPACES_ON_CREATE = 50;

export const siteTitleSchema = z.string().trim().min(2).max(128);
export const siteVisibilitySchema = z.enum(["public", "unlisted", "share-link", "visitor-auth"]);
/** The reference's SiteType values Quire stores (no billing: the others describe plans). */
export const siteTypeSchema = z.enum(["basic", "premium", "ultimate"]);
/** Every SiteType of the reference, as a list filter takes them (those Quire never stores match nothing). */
const siteTypeFilterSchema = z.enum(["basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"]);
export const agentsContextSchema = z.enum(["included", "excluded"]);

/** Reference SiteHostname (spec 2.7). */
export const HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
export const siteHostnameSchema = z.string().max(512).regex(HOSTNAME_PATTERN, "must be a lowercase host name with at least three labels, such as docs.example.com");

/** Reference SiteProxyOrigin: a host name followed by one or more path segments. */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
export const siteProxySchema = z.string().max(512).regex(PROXY_PATTERN, "must be a host name followed by one or more path segments, such as example.com/docs");

export const siteBasenameSchema = z
  .string()
  .min(1)
  .max(BASENAME_MAX_LENGTH)
  .regex(BASENAME_PATTERN, "must be lowercase letters, digits, '-' and '_', starting and ending with a letter or digit")
  .refine((basename) => !isReservedBasename(basename), "is reserved for the app's own pages");

/** Reference CustomizationFavicon: themed icon URLs, an emoji, or nothing (null removes the icon). */
export const siteIconSchema = z.union([
  z.object({ icon: z.object({ light: httpUrlSchema, dark: httpUrlSchema }).strict() }).strict(),
  z.object({ emoji: emojiSchema }).strict(),
  z.object({}).strict(),
]);

export const sitePath = z.object({ organizationId: entityIdSchema, siteId: entityIdSchema });
export const organizationPath = z.object({ organizationId: entityIdSchema });

const queryBoolean = z.stringbool({ truthy: ["true"], falsy: ["false"] });

/** listSites: the reference's filters by space, title (contains, case-insensitive), published status and type. */
export const listSitesParams = listParams.extend({
  space: entityIdSchema.optional(),
  title: z.string().max(128).optional(),
  published: queryBoolean.optional(),
  type: z.union([siteTypeFilterSchema, z.array(siteTypeFilterSchema).max(6)]).optional(),
});
export type ListSitesParams = z.infer<typeof listSitesParams>;
/** The filters without the paging, as tRPC takes them. */
export type SiteFilters = Omit<ListSitesParams, "page" | "limit">;

export const createSiteFields = z.object({
  type: siteTypeSchema.optional(),
  title: siteTitleSchema.optional(),
  visibility: siteVisibilitySchema.optional(),
  /** Spaces of the organization added as the site's root-level site spaces, in this order. */
  spaces: z.array(entityIdSchema).max(MAX_SPACES_ON_CREATE).optional(),
  /** Create a new space (titled after the site) and add it to the site. */
  createSpace: z.boolean().optional(),
});
// The reference makes every field of the body optional.
export const createSiteInput = createSiteFields.prefault({});
export type CreateSiteInput = z.infer<typeof createSiteInput>;

export const updateSiteInput = z.object({
  title: siteTitleSchema.optional(),
  visibility: siteVisibilitySchema.optional(),
  basename: siteBasenameSchema.optional(),
  /** null removes the custom hostname. */
  hostname: siteHostnameSchema.nullable().optional(),
  /** null removes the proxy. */
  proxy: siteProxySchema.nullable().optional(),
  adaptiveContent: z.object({ enabled: z.boolean() }).optional(),
  agentsContext: agentsContextSchema.optional(),
  defaultLevel: defaultLevelSchema.optional(),
  defaultSiteSpace: entityIdSchema.optional(),
  defaultSiteSection: entityIdSchema.optional(),
  /** null removes the icon. */
  icon: siteIconSchema.nullable().optional(),
});
export type UpdateSiteInput = z.infer<typeof updateSiteInput>;
