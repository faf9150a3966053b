import { listParams } from "../../pagination";
import { presentSiteSection, presentSiteSectionGroup, presentSiteSpace, presentSiteStructure, presentSiteStructureItem } from "../../presenters/site-structure";
import { addSectionGroup } from "../../sites/structure/add-section-group";
import { addSectionToGroup } from "../../sites/structure/add-section-to-group";
import { deleteSectionGroup } from "../../sites/structure/delete-section-group";
import { moveSectionGroup } from "../../sites/structure/move-section-group";
import { removeSectionFromGroup } from "../../sites/structure/remove-section-from-group";
import { updateSectionGroup } from "../../sites/structure/update-section-group";
import { addSpaceToSite } from "../../sites/structure/add-space-to-site";
import { deleteSiteSpace } from "../../sites/structure/delete-site-space";
import { duplicateSiteSpace } from "../../sites/structure/duplicate-site-space";
import { moveSiteSpace } from "../../sites/structure/move-site-space";
import { updateSiteSpace } from "../../sites/structure/update-site-space";
import { getSiteStructure, listSiteSectionGroups, listSiteSections, listSiteSpaces } from "../../sites/structure/queries";
import {
  addGroupInput,
  addSectionInput,
  addSiteSpaceInput,
  duplicateSiteSpaceInput,
  groupPathParams,
  groupSectionInput,
  groupSectionPathParams,
  listSiteSpacesParams,
  moveGroupInput,
  moveSectionInput,
  moveSiteSpaceInput,
  sectionPathParams,
  shareKeyParams,
  sitePathParams,
  siteSpacePathParams,
  sortStructureInput,
  structureListParams,
  updateGroupInput,
  updateSectionInput,
  updateSiteSpaceInput,
} from "../../sites/structure/schemas";
import { addSection } from "../../sites/structure/add-section";
import { deleteSection } from "../../sites/structure/delete-section";
import { moveSection } from "../../sites/structure/move-section";
import { updateSection } from "../../sites/structure/update-section";
import { sortSiteStructure } from "../../sites/structure/sort-site-structure";
import { defineOperation } from "../operation";

const SITE = "/v1/orgs/{organizationId}/sites/{siteId}";

/** The deprecated moves' pointers (`siteSection`, `siteSpace`) as the structure's own `{ type, id }`. */
const sectionAnchor = (anchor?: { type: "site-section"; siteSection: string }) => anchor && { type: anchor.type, id: anchor.siteSection };
const siteSpaceAnchor = (anchor?: { type: "site-space"; siteSpace: string }) => anchor && { type: anchor.type, id: anchor.siteSpace };

export const siteStructureOperations = [
  defineOperation({
    operationId: "getSiteStructure",
    method: "GET",
    path: `${SITE}/structure`,
    params: sitePathParams,
    query: shareKeyParams,
    handler: async (c) => presentSiteStructure(await getSiteStructure(c, c.params.organizationId, c.params.siteId, c.query.shareKey), c.urls),
  }),
  defineOperation({
    operationId: "sortSiteStructure",
    method: "PATCH",
    path: `${SITE}/structure/sort`,
    params: sitePathParams,
    body: sortStructureInput,
    handler: async (c) => presentSiteStructureItem(await sortSiteStructure(c, c.params.organizationId, c.params.siteId, c.body), c.urls),
  }),

  // Sections
  defineOperation({
    operationId: "listSiteSections",
    method: "GET",
    path: `${SITE}/sections`,
    params: sitePathParams,
    query: structureListParams,
    handler: async (c) => {
      const page = await listSiteSections(c, c.params.organizationId, c.params.siteId, c.query);
      return { ...page, items: page.items.map((item) => presentSiteSection(item, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "addSectionToSite",
    method: "POST",
    path: `${SITE}/sections`,
    params: sitePathParams,
    body: addSectionInput,
    status: 201,
    handler: async (c) => presentSiteSection(await addSection(c, c.params.organizationId, c.params.siteId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "updateSiteSectionById",
    method: "PATCH",
    path: `${SITE}/sections/{siteSectionId}`,
    params: sectionPathParams,
    body: updateSectionInput,
    handler: async (c) => presentSiteSection(await updateSection(c, c.params.organizationId, c.params.siteId, c.params.siteSectionId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "deleteSiteSectionById",
    method: "DELETE",
    path: `${SITE}/sections/{siteSectionId}`,
    params: sectionPathParams,
    status: 204,
    handler: (c) => deleteSection(c, c.params.organizationId, c.params.siteId, c.params.siteSectionId),
  }),
  defineOperation({
    operationId: "moveSiteSection",
    method: "POST",
    path: `${SITE}/sections/{siteSectionId}/move`,
    params: sectionPathParams,
    body: moveSectionInput,
    handler: async (c) =>
      presentSiteSection(
        await moveSection(c, c.params.organizationId, c.params.siteId, c.params.siteSectionId, {
          before: sectionAnchor(c.body.position?.before),
          after: sectionAnchor(c.body.position?.after),
        }),
        c.urls,
      ),
  }),

  // Section groups
  defineOperation({
    operationId: "listSiteSectionGroups",
    method: "GET",
    path: `${SITE}/section-groups`,
    params: sitePathParams,
    query: listParams,
    handler: async (c) => {
      const page = await listSiteSectionGroups(c, c.params.organizationId, c.params.siteId, c.query);
      return { ...page, items: page.items.map((item) => presentSiteSectionGroup(item, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "addSectionGroupToSite",
    method: "POST",
    path: `${SITE}/section-groups`,
    params: sitePathParams,
    body: addGroupInput,
    status: 201,
    handler: async (c) => presentSiteSectionGroup(await addSectionGroup(c, c.params.organizationId, c.params.siteId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "updateSiteSectionGroupById",
    method: "PATCH",
    path: `${SITE}/section-groups/{siteSectionGroupId}`,
    params: groupPathParams,
    body: updateGroupInput,
    handler: async (c) => presentSiteSectionGroup(await updateSectionGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "deleteSiteSectionGroupById",
    method: "DELETE",
    path: `${SITE}/section-groups/{siteSectionGroupId}`,
    params: groupPathParams,
    status: 204,
    handler: (c) => deleteSectionGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId),
  }),
  // Quire extensions (spec 4.9; the reference moves sections between groups through updateSiteSectionById).
  defineOperation({
    operationId: "addSectionToSiteSectionGroup",
    method: "POST",
    path: `${SITE}/section-groups/{siteSectionGroupId}/sections`,
    params: groupPathParams,
    body: groupSectionInput,
    handler: async (c) => presentSiteSectionGroup(await addSectionToGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.body.sectionId), c.urls),
  }),
  defineOperation({
    operationId: "removeSectionFromSiteSectionGroup",
    method: "DELETE",
    path: `${SITE}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}`,
    params: groupSectionPathParams,
    status: 204,
    handler: (c) => removeSectionFromGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.params.siteSectionId),
  }),
  defineOperation({
    operationId: "moveSiteSectionGroup",
    method: "POST",
    path: `${SITE}/section-groups/{siteSectionGroupId}/move`,
    params: groupPathParams,
    body: moveGroupInput,
    handler: async (c) => presentSiteSectionGroup(await moveSectionGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.body.position ?? {}), c.urls),
  }),

  // Site spaces
  defineOperation({
    operationId: "listSiteSpaces",
    method: "GET",
    path: `${SITE}/site-spaces`,
    params: sitePathParams,
    query: listSiteSpacesParams,
    handler: async (c) => {
      const page = await listSiteSpaces(c, c.params.organizationId, c.params.siteId, c.query);
      return { ...page, items: page.items.map((item) => presentSiteSpace(item, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "addSpaceToSite",
    method: "POST",
    path: `${SITE}/site-spaces`,
    params: sitePathParams,
    body: addSiteSpaceInput,
    status: 201,
    handler: async (c) => presentSiteSpace(await addSpaceToSite(c, c.params.organizationId, c.params.siteId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "updateSiteSpaceById",
    method: "PATCH",
    path: `${SITE}/site-spaces/{siteSpaceId}`,
    params: siteSpacePathParams,
    body: updateSiteSpaceInput,
    handler: async (c) => presentSiteSpace(await updateSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "deleteSiteSpaceById",
    method: "DELETE",
    path: `${SITE}/site-spaces/{siteSpaceId}`,
    params: siteSpacePathParams,
    status: 204,
    handler: (c) => deleteSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId),
  }),
  defineOperation({
    operationId: "moveSiteSpace",
    method: "POST",
    path: `${SITE}/site-spaces/{siteSpaceId}/move`,
    params: siteSpacePathParams,
    body: moveSiteSpaceInput,
    handler: async (c) =>
      presentSiteSpace(
        await moveSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId, {
          before: siteSpaceAnchor(c.body.position?.before),
          after: siteSpaceAnchor(c.body.position?.after),
        }),
        c.urls,
      ),
  }),
  defineOperation({
    operationId: "duplicateSiteSpace",
    method: "POST",
    path: `${SITE}/site-spaces/{siteSpaceId}/duplicate`,
    params: siteSpacePathParams,
    body: duplicateSiteSpaceInput,
    status: 201,
    handler: async (c) => presentSiteSpace(await duplicateSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId), c.urls),
  }),
];
