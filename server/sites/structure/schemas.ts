import { z } from "zod";
import { MAX_CONDITION_LENGTH } from "../conditions/types";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { shareKeySchema } from "../share-links/schemas";
import { DESCRIPTION_MAX, GROUP_TITLE_MAX, ICON_MAX, TITLE_MAX, TITLE_MIN } from "./bounds";
import { sitePathSchema } from "./paths";

/** Inputs of the structure operations, shared by /v1 (bodies, queries) and tRPC. */

export const sectionTitleSchema = z.string().trim().min(TITLE_MIN).max(TITLE_MAX);
export const groupTitleSchema = z.string().trim().min(1).max(GROUP_TITLE_MAX);
export const siteSpaceTitleSchema = z.string().trim().min(TITLE_MIN).max(TITLE_MAX);
export const iconSchema = z.string().trim().min(1).max(ICON_MAX);
export const sectionDescriptionSchema = z.string().max(DESCRIPTION_MAX);
/** An adaptive-content expression (its grammar and claims are checked against the site's schema when written). */
export const conditionSchema = z.string().min(1).max(MAX_CONDITION_LENGTH);

export const sitePathParams = z.object({ organizationId: entityIdSchema, siteId: entityIdSchema });
export const sectionPathParams = sitePathParams.extend({ siteSectionId: entityIdSchema });
export const groupPathParams = sitePathParams.extend({ siteSectionGroupId: entityIdSchema });
export const groupSectionPathParams = groupPathParams.extend({ siteSectionId: entityIdSchema });
export const siteSpacePathParams = sitePathParams.extend({ siteSpaceId: entityIdSchema });

/** `shareKey` reads the structure as a visitor of one of the site's share links. */
export const shareKeyParams = z.object({ shareKey: shareKeySchema.optional() });
export const structureListParams = listParams.extend(shareKeyParams.shape);
export const listSiteSpacesParams = structureListParams.extend({
  default: z.stringbool({ truthy: ["true"], falsy: ["false"] }).optional(),
});

export const addSectionInput = z.object({
  spaceId: entityIdSchema,
  title: sectionTitleSchema.nullish(),
  icon: iconSchema.nullish(),
  siteSectionGroupId: entityIdSchema.optional(),
});

/**
 * Beyond the reference, the admin UI's answer to what the first section does to a site whose
 * spaces sit at its root: the site spaces of `variants` stay together as the first (default)
 * section's variants, titled `title` (else the site's title); each of `ownSections` becomes a
 * section of its own. Between them they name every root site space. Null: the caller saw none.
 */
export const regroupInput = z
  .object({
    title: sectionTitleSchema.optional(),
    variants: z.array(entityIdSchema).max(200),
    ownSections: z.array(entityIdSchema).max(200),
  })
  .nullable();
export type RegroupInput = z.infer<typeof regroupInput>;

/** tRPC's addSection: the regrouping is never implicit there. */
export const addSectionWithRegroupInput = addSectionInput.extend({ regroup: regroupInput });

export const updateSectionInput = z
  .object({
    title: sectionTitleSchema.optional(),
    path: sitePathSchema.optional(),
    defaultSiteSpace: entityIdSchema.optional(),
    condition: conditionSchema.nullish(),
    icon: iconSchema.nullish(),
    description: sectionDescriptionSchema.nullish(),
    siteSectionGroupId: entityIdSchema.nullish(),
  })
  .default({});

export const addGroupInput = z.object({
  title: groupTitleSchema,
  icon: iconSchema.nullish(),
  sections: z.array(entityIdSchema).max(200).optional(),
});

export const updateGroupInput = z.object({ title: groupTitleSchema.optional(), icon: iconSchema.nullish() }).default({});

export const groupSectionInput = z.object({ sectionId: entityIdSchema });

export const addSiteSpaceInput = z.object({
  spaceId: entityIdSchema,
  sectionId: entityIdSchema.optional(),
  title: siteSpaceTitleSchema.optional(),
  pageId: entityIdSchema.nullish(),
});

export const updateSiteSpaceInput = z
  .object({
    path: sitePathSchema.optional(),
    condition: conditionSchema.nullish(),
    spaceId: entityIdSchema.optional(),
    pageId: entityIdSchema.nullish(),
  })
  .default({});

/** tRPC's update also renames the site space (the reference does it through the customization override). */
export const updateSiteSpaceWithTitleInput = updateSiteSpaceInput.unwrap().extend({ title: siteSpaceTitleSchema.nullish() });

export const structureItemTypes = ["site-space", "site-section", "site-section-group"] as const;
const pointer = z.object({ type: z.enum(structureItemTypes), id: entityIdSchema });
export type StructurePointer = z.infer<typeof pointer>;

/** Before or after one sibling; neither: the end of its level. */
const onePosition = <P extends z.ZodType>(anchor: P) =>
  z
    .object({ before: anchor.optional(), after: anchor.optional() })
    .refine((position) => !(position.before && position.after), "give `before` or `after`, not both");

export const sortStructureInput = z.object({ item: pointer, position: onePosition(pointer) });

export const moveSectionInput = z
  .object({ position: onePosition(z.object({ type: z.literal("site-section"), siteSection: entityIdSchema })).optional() })
  .default({});
export const moveGroupInput = z
  .object({ position: onePosition(z.object({ type: z.enum(["site-section", "site-section-group"]), id: entityIdSchema })).optional() })
  .default({});
export const moveSiteSpaceInput = z
  .object({ position: onePosition(z.object({ type: z.literal("site-space"), siteSpace: entityIdSchema })).optional() })
  .default({});

export const duplicateSiteSpaceInput = z.object({ draft: z.boolean().optional() }).default({});

export type StructureListParams = z.infer<typeof structureListParams>;
export type ListSiteSpacesParams = z.infer<typeof listSiteSpacesParams>;
export type AddSectionInput = z.infer<typeof addSectionInput>;
export type UpdateSectionInput = z.infer<typeof updateSectionInput>;
export type AddGroupInput = z.infer<typeof addGroupInput>;
export type UpdateGroupInput = z.infer<typeof updateGroupInput>;
export type UpdateSiteSpaceInput = z.infer<typeof updateSiteSpaceWithTitleInput>;
export type SortStructureInput = z.infer<typeof sortStructureInput>;
export type Position = { before?: StructurePointer; after?: StructurePointer };
