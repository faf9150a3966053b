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
import { presentSiteSection, presentSiteSectionGroup, presentSiteSpace, presentSiteStructure, presentSiteStructureItem } from "../../presenters/site-structure";
import { protectedProcedure, router } from "../init";

/** The structure editor's procedures: the /v1 structure services, answering the same objects. */

const site = z.object({ organizationId: entityIdSchema, siteId: entityIdSchema });
const section = site.extend({ sectionId: entityIdSchema });
const group = site.extend({ sectionGroupId: entityIdSchema });
const siteSpace = site.extend({ siteSpaceId: entityIdSchema });

export const siteStructureRouter = router({
  get: protectedProcedure.input(site).query(async ({ ctx, input }) => presentSiteStructure(await getSiteStructure(ctx, input.organizationId, input.siteId), ctx.urls)),

  addSection: protectedProcedure
    .input(site.extend(addSectionWithRegroupInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, ...body } }) => presentSiteSection(await addSection(ctx, organizationId, siteId, body), ctx.urls)),
  updateSection: protectedProcedure
    .input(section.extend(updateSectionInput.unwrap().shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, sectionId, ...body } }) => presentSiteSection(await updateSection(ctx, organizationId, siteId, sectionId, body), ctx.urls)),
  removeSection: protectedProcedure.input(section).mutation(({ ctx, input }) => deleteSection(ctx, input.organizationId, input.siteId, input.sectionId)),

  addSectionGroup: protectedProcedure
    .input(site.extend(addGroupInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, ...body } }) => presentSiteSectionGroup(await addSectionGroup(ctx, organizationId, siteId, body), ctx.urls)),
  updateSectionGroup: protectedProcedure
    .input(group.extend(updateGroupInput.unwrap().shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, sectionGroupId, ...body } }) => presentSiteSectionGroup(await updateSectionGroup(ctx, organizationId, siteId, sectionGroupId, body), ctx.urls)),
  removeSectionGroup: protectedProcedure.input(group).mutation(({ ctx, input }) => deleteSectionGroup(ctx, input.organizationId, input.siteId, input.sectionGroupId)),
  addSectionToGroup: protectedProcedure
    .input(group.extend({ sectionId: entityIdSchema }))
    .mutation(async ({ ctx, input }) => presentSiteSectionGroup(await addSectionToGroup(ctx, input.organizationId, input.siteId, input.sectionGroupId, input.sectionId), ctx.urls)),
  removeSectionFromGroup: protectedProcedure
    .input(group.extend({ sectionId: entityIdSchema }))
    .mutation(({ ctx, input }) => removeSectionFromGroup(ctx, input.organizationId, input.siteId, input.sectionGroupId, input.sectionId)),

  addSiteSpace: protectedProcedure
    .input(site.extend(addSiteSpaceInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, ...body } }) => presentSiteSpace(await addSpaceToSite(ctx, organizationId, siteId, body), ctx.urls)),
  updateSiteSpace: protectedProcedure
    .input(siteSpace.extend(updateSiteSpaceWithTitleInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, siteSpaceId, ...body } }) => presentSiteSpace(await updateSiteSpace(ctx, organizationId, siteId, siteSpaceId, body), ctx.urls)),
  removeSiteSpace: protectedProcedure.input(siteSpace).mutation(({ ctx, input }) => deleteSiteSpace(ctx, input.organizationId, input.siteId, input.siteSpaceId)),
  duplicateSiteSpace: protectedProcedure
    .input(siteSpace)
    .mutation(async ({ ctx, input }) => presentSiteSpace(await duplicateSiteSpace(ctx, input.organizationId, input.siteId, input.siteSpaceId), ctx.urls)),

  setDefault: protectedProcedure
    .input(site.extend({ item: z.object({ type: z.enum(["site-section", "site-space"]), id: entityIdSchema }) }))
    .mutation(async ({ ctx, input }) => presentSiteStructure(await setDefaultItem(ctx, input.organizationId, input.siteId, input.item), ctx.urls)),
  move: protectedProcedure
    .input(site.extend(sortStructureInput.shape))
    .mutation(async ({ ctx, input: { organizationId, siteId, ...body } }) => presentSiteStructureItem(await sortSiteStructure(ctx, organizationId, siteId, body), ctx.urls)),
});
