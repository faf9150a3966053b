import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { httpUrlSchema } from "../../validation/http-url";
import { sitePath } from "../schemas";
import { shareKeySchema } from "../share-links/schemas";
import { MAX_SOURCE_LENGTH, sourcePathProblem } from "./source-path";

/** The reference's SiteRedirectSourcePath, by the linear scanner of ./source-path.ts. */
export const sourcePathSchema = z
  .string()
  .max(MAX_SOURCE_LENGTH)
  .superRefine((source, context) => {
    const problem = sourcePathProblem(source);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** The reference's SiteRedirectDestination: where a redirect leads, as stored and answered. */
export const redirectDestinationSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("site-section"), siteSectionId: entityIdSchema }),
  z.object({ kind: z.literal("site-space"), siteSpaceId: entityIdSchema }),
  z.object({ kind: z.literal("site-page"), siteSpaceId: entityIdSchema, pageId: entityIdSchema }),
  z.object({ kind: z.literal("external"), url: httpUrlSchema }),
]);

/** SiteRedirectInputDestination: also a page named by its path in a space of the site (stored as `site-page`). */
export const redirectInputDestinationSchema = z.discriminatedUnion("kind", [
  ...redirectDestinationSchema.options,
  z.object({ kind: z.literal("path"), spaceId: entityIdSchema, path: z.string().max(2048) }),
]);

/** Quire keeps no draft redirects (the reference's drafts serve its own editor's review flow). */
const draftSchema = z.boolean().optional();

export const redirectPath = sitePath.extend({ siteRedirectId: entityIdSchema });

export const createRedirectInput = z.object({
  source: sourcePathSchema,
  destination: redirectInputDestinationSchema,
  captureWildcard: z.boolean().default(false),
  permanent: z.boolean().default(false),
  draft: draftSchema,
});

export const updateRedirectInput = z.object({
  source: sourcePathSchema.optional(),
  destination: redirectInputDestinationSchema.optional(),
  captureWildcard: z.boolean().optional(),
  permanent: z.boolean().optional(),
  draft: draftSchema,
});

export const MAX_BULK_REDIRECTS = 500;

export const bulkUpsertRedirectsInput = z.object({
  redirects: z
    .array(
      z.union([
        z.object({ source: sourcePathSchema, intent: z.literal("publish") }),
        z.object({
          source: sourcePathSchema,
          intent: z.enum(["live", "draft"]).default("live"),
          captureWildcard: z.boolean().default(false),
          permanent: z.boolean().optional(),
          destination: redirectInputDestinationSchema.nullable(),
        }),
      ]),
    )
    .min(1)
    .max(MAX_BULK_REDIRECTS),
});

const flag = z.stringbool({ truthy: ["true"], falsy: ["false"] });

export const redirectOrderSchema = z.enum(["createdAt", "updatedAt", "source"]);

export const listRedirectsParams = listParams.extend({
  search: z.string().max(MAX_SOURCE_LENGTH).optional(),
  draft: flag.default(false),
  orderBy: redirectOrderSchema.default("createdAt"),
});

export const redirectBySourceParams = z.object({ source: sourcePathSchema, shareKey: shareKeySchema.optional() });

export type RedirectDestination = z.infer<typeof redirectDestinationSchema>;
export type RedirectInputDestination = z.infer<typeof redirectInputDestinationSchema>;
export type CreateRedirectInput = z.infer<typeof createRedirectInput>;
export type UpdateRedirectInput = z.infer<typeof updateRedirectInput>;
export type BulkUpsertRedirectsInput = z.infer<typeof bulkUpsertRedirectsInput>;
export type ListRedirectsParams = z.infer<typeof listRedirectsParams>;
