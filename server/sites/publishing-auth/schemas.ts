import { z } from "zod";
import { httpUrlSchema } from "../../validation/http-url";

/**
 * The reference's SitePublishingAuthUpdate: the backend (`custom`; `integration` waits for
 * integrations) and the fallback and logout URLs (omitted: unchanged, null: removed).
 */
export const updatePublishingAuthInput = z.object({
  backend: z.enum(["custom", "integration"]).optional(),
  fallbackURL: httpUrlSchema.nullable().optional(),
  logoutURL: httpUrlSchema.nullable().optional(),
});

export type UpdatePublishingAuthInput = z.infer<typeof updatePublishingAuthInput>;
