import { listParams } from "../../pagination";
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
    handler: (c) => getSiteStructure(c, c.params.organizationId, c.params.siteId, c.query.shareKey),
  }),
  defineOperation({
    operationId: "sortSiteStructure",
    method: "PATCH",
    path: `${SITE}/structure/sort`,
    params: sitePathParams,
    body: sortStructureInput,
    handler: (c) => sortSiteStructure(c, c.params.organizationId, c.params.siteId, c.body),
  }),

  // Sections
  defineOperation({
    operationId: "listSiteSections",
    method: "GET",
    path: `${SITE}/sections`,
    params: sitePathParams,
    query: structureListParams,
    handler: (c) => listSiteSections(c, c.params.organizationId, c.params.siteId, c.query),
  }),
  defineOperation({
    operationId: "addSectionToSite",
    method: "POST",
    path: `${SITE}/sections`,
    params: sitePathParams,
    body: addSectionInput,
    status: 201,
    handler: (c) => addSection(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "updateSiteSectionById",
    method: "PATCH",
    path: `${SITE}/sections/{siteSectionId}`,
    params: sectionPathParams,
    body: updateSectionInput,
    handler: (c) => updateSection(c, c.params.organizationId, c.params.siteId, c.params.siteSectionId, c.body),
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
    handler: (c) =>
      moveSection(c, c.params.organizationId, c.params.siteId, c.params.siteSectionId, {
        before: sectionAnchor(c.body.position?.before),
        after: sectionAnchor(c.body.position?.after),
      }),
  }),

  // Section groups
  defineOperation({
    operationId: "listSiteSectionGroups",
    method: "GET",
    path: `${SITE}/section-groups`,
    params: sitePathParams,
    query: listParams,
    handler: (c) => listSiteSectionGroups(c, c.params.organizationId, c.params.siteId, c.query),
  }),
  defineOperation({
    operationId: "addSectionGroupToSite",
    method: "POST",
    path: `${SITE}/section-groups`,
    params: sitePathParams,
    body: addGroupInput,
    status: 201,
    handler: (c) => addSectionGroup(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "updateSiteSectionGroupById",
    method: "PATCH",
    path: `${SITE}/section-groups/{siteSectionGroupId}`,
    params: groupPathParams,
    body: updateGroupInput,
    handler: (c) => updateSectionGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.body),
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
    handler: (c) => addSectionToGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.body.sectionId),
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
    handler: (c) => moveSectionGroup(c, c.params.organizationId, c.params.siteId, c.params.siteSectionGroupId, c.body.position ?? {}),
  }),

  // Site spaces
  defineOperation({
    operationId: "listSiteSpaces",
    method: "GET",
    path: `${SITE}/site-spaces`,
    params: sitePathParams,
    query: listSiteSpacesParams,
    handler: (c) => listSiteSpaces(c, c.params.organizationId, c.params.siteId, c.query),
  }),
  defineOperation({
    operationId: "addSpaceToSite",
    method: "POST",
    path: `${SITE}/site-spaces`,
    params: sitePathParams,
    body: addSiteSpaceInput,
    status: 201,
    handler: (c) => addSpaceToSite(c, c.params.organizationId, c.params.siteId, c.body),
  }),
  defineOperation({
    operationId: "updateSiteSpaceById",
    method: "PATCH",
    path: `${SITE}/site-spaces/{siteSpaceId}`,
    params: siteSpacePathParams,
    body: updateSiteSpaceInput,
    handler: (c) => updateSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId, c.body),
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
    handler: (c) =>
      moveSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId, {
        before: siteSpaceAnchor(c.body.position?.before),
        after: siteSpaceAnchor(c.body.position?.after),
      }),
  }),
  defineOperation({
    operationId: "duplicateSiteSpace",
    method: "POST",
    path: `${SITE}/site-spaces/{siteSpaceId}/duplicate`,
    params: siteSpacePathParams,
    body: duplicateSiteSpaceInput,
    status: 201,
    handler: (c) => duplicateSiteSpace(c, c.params.organizationId, c.params.siteId, c.params.siteSpaceId),
  }),
];
