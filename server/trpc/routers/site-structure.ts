import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { addSectionGroup } from "../../sites/structure/add-section-group";
import { addSectionToGroup } from "../../sites/structure/add-section-to-group";
import { deleteSectionGroup } from "../../sites/structure/delete-section-group";
import { removeSectionFromGroup } from "../../sites/structure/remove-section-from-group";
import { updateSectionGroup } from "../../sites/structure/update-section-group";
import { addSpaceToSite } from "../../sites/structure/add-space-to-site";
import { deleteSiteSpace } from "../../sites/structure/delete-site-space";
import { duplicateSiteSpace } from "../../sites/structure/duplicate-site-space";
import { updateSiteSpace } from "../../sites/structure/update-site-space";
import { getSiteStructure } from "../../sites/structure/queries";
import {
  addGroupInput,
  addSectionWithRegroupInput,
  addSiteSpaceInput,
  sortStructureInput,
  updateGroupInput,
  updateSectionInput,
  updateSiteSpaceWithTitleInput,
} from "../../sites/structure/schemas";
import { addSection } from "../../sites/structure/add-section";
import { deleteSection } from "../../sites/structure/delete-section";
import { updateSection } from "../../sites/structure/update-section";
import { setDefaultItem } from "../../sites/structure/set-default-item";
import { sortSiteStructure } from "../../sites/structure/sort-site-structure";
import { protectedProcedure, router } from "../init";

/** The structure editor's procedures: the /v1 structure services, answering the same objects. */

const site = z.object({ organizationId: entityIdSchema, siteId: entityIdSchema });
const section = site.extend({ sectionId: entityIdSchema });
const group = site.extend({ sectionGroupId: entityIdSchema });
const siteSpace = site.extend({ siteSpaceId: entityIdSchema });

export const siteStructureRouter = router({
  get: protectedProcedure.input(site).query(({ ctx, input }) => getSiteStructure(ctx, input.organizationId, input.siteId)),

  addSection: protectedProcedure
    .input(site.extend(addSectionWithRegroupInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => addSection(ctx, organizationId, siteId, body)),
  updateSection: protectedProcedure
    .input(section.extend(updateSectionInput.unwrap().shape))
    .mutation(({ ctx, input: { organizationId, siteId, sectionId, ...body } }) => updateSection(ctx, organizationId, siteId, sectionId, body)),
  removeSection: protectedProcedure.input(section).mutation(({ ctx, input }) => deleteSection(ctx, input.organizationId, input.siteId, input.sectionId)),

  addSectionGroup: protectedProcedure
    .input(site.extend(addGroupInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => addSectionGroup(ctx, organizationId, siteId, body)),
  updateSectionGroup: protectedProcedure
    .input(group.extend(updateGroupInput.unwrap().shape))
    .mutation(({ ctx, input: { organizationId, siteId, sectionGroupId, ...body } }) => updateSectionGroup(ctx, organizationId, siteId, sectionGroupId, body)),
  removeSectionGroup: protectedProcedure.input(group).mutation(({ ctx, input }) => deleteSectionGroup(ctx, input.organizationId, input.siteId, input.sectionGroupId)),
  addSectionToGroup: protectedProcedure
    .input(group.extend({ sectionId: entityIdSchema }))
    .mutation(({ ctx, input }) => addSectionToGroup(ctx, input.organizationId, input.siteId, input.sectionGroupId, input.sectionId)),
  removeSectionFromGroup: protectedProcedure
    .input(group.extend({ sectionId: entityIdSchema }))
    .mutation(({ ctx, input }) => removeSectionFromGroup(ctx, input.organizationId, input.siteId, input.sectionGroupId, input.sectionId)),

  addSiteSpace: protectedProcedure
    .input(site.extend(addSiteSpaceInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => addSpaceToSite(ctx, organizationId, siteId, body)),
  updateSiteSpace: protectedProcedure
    .input(siteSpace.extend(updateSiteSpaceWithTitleInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, siteSpaceId, ...body } }) => updateSiteSpace(ctx, organizationId, siteId, siteSpaceId, body)),
  removeSiteSpace: protectedProcedure.input(siteSpace).mutation(({ ctx, input }) => deleteSiteSpace(ctx, input.organizationId, input.siteId, input.siteSpaceId)),
  duplicateSiteSpace: protectedProcedure.input(siteSpace).mutation(({ ctx, input }) => duplicateSiteSpace(ctx, input.organizationId, input.siteId, input.siteSpaceId)),

  setDefault: protectedProcedure
    .input(site.extend({ item: z.object({ type: z.enum(["site-section", "site-space"]), id: entityIdSchema }) }))
    .mutation(({ ctx, input }) => setDefaultItem(ctx, input.organizationId, input.siteId, input.item)),
  move: protectedProcedure
    .input(site.extend(sortStructureInput.shape))
    .mutation(({ ctx, input: { organizationId, siteId, ...body } }) => sortSiteStructure(ctx, organizationId, siteId, body)),
});
