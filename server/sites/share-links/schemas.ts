import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { sitePath } from "../schemas";
import { MAX_SHARE_KEY_LENGTH } from "./keys";

/** The reference's ShareLinkName: at most 50 characters (an empty name is allowed). */
export const shareLinkNameSchema = z.string().trim().max(50);

/** Quire's extension: when the link stops working on its own; null never. Past dates are refused. */
const expiresAtSchema = z.iso.datetime({ offset: true }).nullable();

export const shareLinkPath = sitePath.extend({ shareLinkId: entityIdSchema });

/**
 * The `shareKey` query parameter of the reads that honour share links (getPublishedContentSite,
 * listSiteSections, listSiteSpaces, getSiteRedirectBySource): keys are base64url, so anything else
 * is refused before it is looked up.
 */
export const shareKeySchema = z.string().max(MAX_SHARE_KEY_LENGTH).regex(/^[A-Za-z0-9_-]*$/, "must be a share key (letters, digits, - and _)");

export const listShareLinksParams = listParams.extend({
  /** The reference's `search`: a name containing it, or the link whose key it is. */
  search: z.string().trim().max(200).optional(),
});

export const createShareLinkInput = z.object({ name: shareLinkNameSchema, expiresAt: expiresAtSchema.optional() });

/** The fields a share link's update may change (tRPC extends it with the ids). */
export const updateShareLinkFields = z.object({ name: shareLinkNameSchema.optional(), active: z.boolean().optional(), expiresAt: expiresAtSchema.optional() });

/** An update changes something: the reference's `minProperties: 1`. */
export const changesSomething = (input: Record<string, unknown>) => ["name", "active", "expiresAt"].some((field) => input[field] !== undefined);
export const NOTHING_TO_CHANGE = "give at least one of name, active, expiresAt";

export const updateShareLinkInput = updateShareLinkFields.refine(changesSomething, NOTHING_TO_CHANGE);

export type ListShareLinksParams = z.infer<typeof listShareLinksParams>;
export type CreateShareLinkInput = z.infer<typeof createShareLinkInput>;
export type UpdateShareLinkInput = z.infer<typeof updateShareLinkInput>;
