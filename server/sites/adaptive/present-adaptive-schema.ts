import type { Site } from "../../db/generated/client";
import { adaptiveSchemaOf } from "../conditions/assert";

/** A site's visitor claims schema (SiteAdaptiveSchema), or null when none was set. */
export function presentAdaptiveSchema(site: Pick<Site, "adaptiveSchema" | "adaptiveSchemaUpdatedAt">) {
  const jsonSchema = adaptiveSchemaOf(site);
  if (!jsonSchema) return null;
  return { object: "site-adaptive-schema" as const, jsonSchema, updatedAt: (site.adaptiveSchemaUpdatedAt ?? new Date(0)).toISOString() };
}

export type SiteAdaptiveSchema = NonNullable<ReturnType<typeof presentAdaptiveSchema>>;
