import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test, type ExpectStatic } from "vitest";
import type { Operation } from "../../server/api/operation";
import { v1Operations } from "../../server/api/v1";
import { db } from "../../server/db/client";
import { startWorkers, stopJobQueue } from "../../server/jobs/workers";
import { changeRequestPermissions } from "../../server/policies/change-request";
import { ROLES } from "../../server/policies/roles";
import { collectionPermissions, spacePermissions } from "../../server/policies/content";
import { organizationPermissions } from "../../server/policies/organization";
import { sharingPermissions } from "../../server/policies/grant";
import { sitePermissions } from "../../server/policies/site";
import { teamPermissions } from "../../server/policies/team";
import { CALLERS, holds, matrixSize, MINIMUM_ROLE, resourceOf, roleOf, verdictFor, verdictWithSsoRequired, type Caller, type Entity, type PermissionKey, type Requirement } from "../helpers/authorization/model";
import { runRow, type Answer } from "../helpers/authorization/row";
import { buildWorld, PLACES, SEARCH_WORD, type Ids, type Target, type World } from "../helpers/authorization/world";
import { assertConformsToSchema } from "../helpers/conformance";
import { isSkipped } from "../helpers/skipped-operations";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * The authorization matrix of /v1: every operation of `v1Operations` × every caller
 * (tests/helpers/authorization/model.ts), run against every place of the resource it acts on
 * (tests/helpers/authorization/world.ts). Each operation has one row below saying what it needs;
 * the status each caller must get is computed from the caller's role on the target, never listed
 * by hand: 401 without valid credentials, 404 where the caller cannot see the target, 403 where it
 * sees it but holds less than the row needs, else the operation's success status. Every 2xx
 * answer is scanned for what the caller may not see, and a refused change must leave its
 * target as it was.
 *
 * A new operation fails the first test until it has a row. To add one: name the key of the
 * `permissions` object of the resource it acts on (`space.edit`, `collection.admin`,
 * `team.admin`, …; MINIMUM_ROLE in the model lists them) or "self", the further checks its
 * service makes (`also`), whether it changes its target (`mutates`: every call then gets a fresh
 * one), and the query or body of a valid call; the ids a call names (a team, a SAML provider, a
 * member to add or grant to) are the world's `Ids`. Rows are grouped by the reference's tags.
 */

type Row = Requirement<{
  query?: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** Why its success answer is not the reference's: the call then skips the check of answers against the reference, errors excepted. */
  successUnlikeReference?: string;
  /** What the answer shows by design though the caller could not otherwise see it (labels of `forbiddenFor`). */
  shows?: string[];
  /** Path parameters other than the world's (e.g. a user who is in A alone). */
  params?: (ids: Ids) => Partial<Record<keyof Ids, string>>;
}>;

const moveBefore = (ids: Ids) => ({ position: { before: ids.anchor } });
const toDestination = (ids: Ids) => ({ organization: ids.destinationId });
const search = () => `query=${SEARCH_WORD}`;
const importBody = (ids: Ids) => ({ url: ids.importUrl, source: "website" });

const TABLE: Record<string, Row> = {
  // The caller themself
  getAuthenticatedUser: { needs: "self" },
  listOrganizationsForAuthenticatedUser: { needs: "self" },
  createOrganization: { needs: "self", people: true, mutates: true, body: () => ({ title: "Made by the matrix" }) },
  getOrganizationsForEmailDomain: { needs: "self" },
  // Quire extensions: the caller's notifications
  listUserNotifications: { needs: "self", query: () => "unread=true" },
  markUserNotificationsRead: { needs: "self", mutates: true, body: () => ({ all: true }) },

  // Organizations
  getOrganizationById: { needs: "organization.view" },
  updateOrganizationById: { needs: "organization.admin", mutates: true, body: () => ({ title: "Renamed by the matrix" }) },
  listCollectionsInOrganizationById: { needs: "organization.view" },
  createCollection: { needs: "organization.createContent", mutates: true, body: () => ({ title: "Made" }) },
  listSpacesInOrganizationById: { needs: "organization.view" },
  createSpace: { needs: "organization.createContent", mutates: true, body: () => ({ title: "Made" }) },
  searchOrganizationContent: { needs: "organization.view", query: search },
  listOrganizationAuditEvents: { needs: "organization.admin" },
  getOrganizationAuditEvent: { needs: "organization.admin" },
  listOrganizationAuditEventActions: { needs: "organization.admin" },

  // People: members, invites, users, subdomains
  listMembersInOrganizationById: { needs: "organization.listMembers" },
  getMemberInOrganizationById: { needs: "organization.listMembers" },
  updateMemberInOrganizationById: { needs: "organization.admin", mutates: true, body: () => ({ role: "read" }) },
  removeMemberFromOrganizationById: { needs: "organization.admin", mutates: true },
  updateOrganizationMemberLastSeenAt: { needs: "organization.view" },
  listSpacesForOrganizationMember: { needs: "organization.admin" },
  listTeamsForOrganizationMember: { needs: "organization.listMembers" },
  inviteUsersToOrganization: { needs: "organization.admin", mutates: true, body: () => ({ emails: ["invited-by-the-matrix@example.test"], role: "read" }) },
  listOrganizationInviteLinks: { needs: "organization.admin" },
  createOrganizationInvite: { needs: "organization.admin", mutates: true, body: () => ({ role: "read" }) },
  getOrganizationInviteLink: { needs: "organization.admin" },
  updateOrganizationInviteById: { needs: "organization.admin", mutates: true, body: () => ({ role: "edit" }) },
  deleteOrganizationInviteById: { needs: "organization.admin", mutates: true },
  // Any signed-in caller joins with a link they hold (a fresh organization's: see world.fresh).
  joinOrganizationWithInvite: { needs: "self", people: true, mutates: true },
  // Members are in already (204); no caller's address is on a verified domain of A, so no one else joins.
  joinOrganization: { needs: "organization.view", people: true },
  // A member of A alone: the bystander is also in the fresh organizations earlier rows make, which do not require SSO.
  getUserById: { needs: "organization.view", membersOnly: true, params: (ids) => ({ userId: ids.loneMemberId }) },
  // The caller's own profile (a user edits only themself: tests/api/email-domains-subdomains-users.test.ts).
  updateUserById: { needs: "self", people: true, mutates: true, body: () => ({ displayName: "Renamed by the matrix" }) },
  getSubdomain: { needs: "organization.view", membersOnly: true },

  // Collections
  getCollectionById: { needs: "collection.view" },
  updateCollectionById: { needs: "collection.admin", mutates: true, body: () => ({ title: "Renamed" }) },
  deleteCollectionById: { needs: "collection.admin", mutates: true, invisibleIsDone: true },
  listSpacesInCollectionById: { needs: "collection.view" },
  moveCollection: { needs: "collection.admin", also: ["container.create"], mutates: true, reordersSiblings: true, body: moveBefore },
  transferCollection: { needs: "collection.admin", also: ["destination.admin"], mutates: true, body: toDestination },

  // Spaces
  getSpaceById: { needs: "space.view" },
  updateSpaceById: { needs: "space.admin", mutates: true, body: () => ({ title: "Renamed" }) },
  deleteSpaceById: { needs: "space.admin", mutates: true, invisibleIsDone: true },
  duplicateSpace: { needs: "space.view", also: ["container.create"], mutates: true, reordersSiblings: true },
  restoreSpace: { needs: "space.admin", mutates: "deleted space" },
  moveSpace: { needs: "space.admin", also: ["container.create"], mutates: true, reordersSiblings: true, body: moveBefore },
  transferSpace: { needs: "space.admin", also: ["destination.admin"], mutates: true, body: toDestination },
  applyTemplateToSpace: {
    needs: "space.edit",
    mutates: "empty space",
    body: () => ({ id: "knowledge-base" }),
    successUnlikeReference: "204 where the reference lists 201 (see tests/api/template-pdf.test.ts)",
  },
  importContent: { needs: "space.edit", mutates: true, body: importBody },
  searchSpaceContent: { needs: "space.view", query: search },

  // A space's content
  getCurrentRevision: { needs: "space.view" },
  listPages: { needs: "space.view" },
  getPageById: { needs: "space.view" },
  listFiles: { needs: "space.view" },
  getFileById: { needs: "space.view" },
  getRevisionById: { needs: "space.view" },
  listSpaceLinks: { needs: "space.view" },
  listPageLinksInSpace: { needs: "space.view" },
  listSpacePageBacklinks: { needs: "space.view" },
  listSpaceFileBacklinks: { needs: "space.view" },

  // Change requests
  listChangeRequestsForSpace: { needs: "space.view", query: () => "status=draft" },
  createChangeRequest: { needs: "space.edit", mutates: true, body: () => ({ subject: "Made" }) },
  getChangeRequestById: { needs: "changeRequest.view" },
  updateChangeRequestById: { needs: "changeRequest.edit", mutates: true, body: () => ({ subject: "Renamed" }) },
  mergeChangeRequest: { needs: "changeRequest.merge", mutates: true },
  updateChangeRequest: { needs: "changeRequest.update", mutates: true },
  updateChangeRequestContent: {
    needs: "changeRequest.editContent",
    mutates: true,
    body: () => ({ changes: [{ operation: "insert_page", title: "Added", slug: "added", document: { markdown: "Added.\n" } }] }),
  },
  importContentInChangeRequest: { needs: "changeRequest.editContent", mutates: true, body: importBody },
  getChangeRequestChanges: { needs: "changeRequest.view" },
  getChangeRequestPDF: { needs: "changeRequest.view" },

  // Reviews (server/policies/change-request.ts: the review role reviews others' change requests; the edit role asks for reviews)
  getReviewsByChangeRequestId: { needs: "changeRequest.view", query: () => "outdated=false" },
  submitChangeRequestReview: { needs: "changeRequest.review", mutates: true, body: () => ({ status: "approved" }) },
  getChangeRequestReviewById: { needs: "changeRequest.view" },
  getRequestedReviewersByChangeRequestId: { needs: "changeRequest.view" },
  requestReviewersForChangeRequest: { needs: "changeRequest.requestReviewers", mutates: true, body: (ids) => ({ users: [ids.reviewerId] }) },
  // The bystander was never asked: 204 all the same, once the caller may ask.
  removeRequestedReviewerFromChangeRequest: { needs: "changeRequest.requestReviewers", mutates: true },
  getContributorsByChangeRequestId: { needs: "changeRequest.view" },

  // A change request's content
  getRevisionOfChangeRequestById: { needs: "changeRequest.view" },
  listPagesInChangeRequest: { needs: "changeRequest.view" },
  getPageInChangeRequestById: { needs: "changeRequest.view" },
  listFilesInChangeRequestById: { needs: "changeRequest.view" },
  getFileInChangeRequestById: { needs: "changeRequest.view" },
  listChangeRequestLinks: { needs: "changeRequest.view" },
  listPageLinksInChangeRequest: { needs: "changeRequest.view" },
  listChangeRequestPageBacklinks: { needs: "changeRequest.view" },
  listChangeRequestFileBacklinks: { needs: "changeRequest.view" },

  // Teams (server/policies/team.ts: organization admins create them; admins and owners manage one; members see all, guests their own)
  listTeamsInOrganizationById: { needs: "organization.view" },
  createOrganizationTeam: { needs: "organization.admin", mutates: true, body: () => ({ title: "Made" }) },
  getTeamInOrganizationById: { needs: "team.view" },
  updateTeamInOrganizationById: { needs: "team.admin", mutates: true, body: () => ({ title: "Renamed" }) },
  removeTeamFromOrganizationById: { needs: "team.admin", mutates: true, invisibleIsDone: true },
  listTeamMembersInOrganizationById: { needs: "team.view" },
  updateMembersInOrganizationTeam: { needs: "team.admin", mutates: true, body: (ids) => ({ memberships: { [ids.userId]: { role: "owner" } } }) },
  addMemberToOrganizationTeamById: { needs: "team.admin", mutates: true, body: () => ({ role: "owner" }) },
  deleteMemberFromOrganizationTeamById: { needs: "team.admin", mutates: true },

  // Comments (server/policies/comment.ts: reading needs view; posting, replying, reacting and resolving the comment role;
  // deleting another's comment, as the callers do the admin's, the admin role), on both bases; a change request's conversations
  ...commentRows("Space", "space"),
  ...commentRows("ChangeRequest", "changeRequest"),
  listCommentersInSpace: { needs: "space.view" },
  listCommentersInChangeRequest: { needs: "changeRequest.view" },
  listChangeRequestConversations: { needs: "changeRequest.view" },
  updateChangeRequestConversation: { needs: "changeRequest.edit", mutates: "space with content", body: () => ({ title: "Renamed by the matrix" }) },
  // 205 as the reference answers; on a fresh space with content, whose draft change request has a conversation.
  deleteChangeRequestConversation: { needs: "space.admin", mutates: "space with content" },

  // Sharing (server/policies/grant.ts: who sees an item sees who it is shared with; its admins share it and explain others' access)
  ...sharingRows("space"),
  ...sharingRows("collection"),

  // Docs sites (server/policies/site.ts: reading needs view; settings, publishing, deleting and sharing the admin role)
  listSites: { needs: "organization.view", query: () => "published=false" },
  createSite: { needs: "organization.createContent", mutates: true, body: () => ({ title: "Made by the matrix" }) },
  getSiteById: { needs: "site.view" },
  updateSiteById: { needs: "site.admin", mutates: true, body: () => ({ title: "Renamed by the matrix" }) },
  deleteSiteById: { needs: "site.admin", mutates: true, invisibleIsDone: true },
  publishSite: { needs: "site.admin", mutates: true },
  unpublishSite: { needs: "site.admin", mutates: true },
  inviteToSite: { needs: "site.admin", mutates: true, body: (ids) => ({ role: "edit", users: [ids.userId], teams: [ids.teamId] }) },
  listUserPermissionsInSite: { needs: "site.view" },
  listTeamPermissionsInSite: { needs: "site.view" },
  listPermissionsAggregateInSite: { needs: "site.view" },
  updateUserPermissionInSite: { needs: "site.admin", mutates: true, body: () => ({ role: "comment" }) },
  updateTeamPermissionInSite: { needs: "site.admin", mutates: true, body: () => ({ role: "comment" }) },
  removeUserFromSite: { needs: "site.admin", mutates: true, invisibleIsDone: true },
  removeTeamFromSite: { needs: "site.admin", mutates: true, invisibleIsDone: true },
  explainPermissionsInSite: { needs: "site.view", also: ["site.admin"], query: (ids) => `user=${ids.userId}` },

  // Single sign-on (server/policies/sso.ts: providers and SSO members are the organization admins'; sign-in entries any member's)
  listSAMLProvidersInOrganizationById: { needs: "organization.admin" },
  createOrganizationSAMLProvider: {
    needs: "organization.admin",
    mutates: true,
    body: (ids) => ({ label: "Made", entityID: "https://idp.example/made", ssoURL: "https://idp.example/sso", certificate: ids.samlCertificate }),
  },
  getOrganizationSAMLProviderById: { needs: "organization.admin" },
  updateOrganizationSAMLProvider: { needs: "organization.admin", mutates: true, body: () => ({ label: "Renamed" }) },
  deleteOrganizationSAMLProvider: { needs: "organization.admin", mutates: true },
  listSSOProviderLoginsInOrganization: { needs: "organization.view" },
  setUserAsSSOMemberForOrganization: { needs: "organization.admin", mutates: true },

  // A site's share links and visitor authentication (its admins'), its redirects (read: view; write: the structure's create)
  listSiteShareLinks: { needs: "site.admin" },
  // The world's sites are unpublished: their members read them (a share key opens only published share-link sites: tests/sites/published.test.ts).
  getPublishedContentSite: { needs: "site.view" },
  createSiteShareLink: { needs: "site.admin", mutates: true, body: () => ({ name: "Made by the matrix" }) },
  updateSiteShareLinkById: { needs: "site.admin", mutates: true, body: () => ({ name: "Renamed", active: false }) },
  deleteSiteShareLinkById: { needs: "site.admin", mutates: true },
  // Makes the key on the first read: the same answer for every caller after.
  getSitePublishingAuthById: { needs: "site.admin" },
  updateSitePublishingAuthById: { needs: "site.admin", mutates: true, body: () => ({ backend: "custom", fallbackURL: "https://login.example.com/" }) },
  regenerateSitePublishingAuthById: { needs: "site.admin", mutates: true },
  listSiteRedirects: { needs: "site.view", query: () => "orderBy=source" },
  getSiteRedirectBySource: { needs: "site.view", query: () => "source=/old" },
  createSiteRedirect: { needs: "site.create", mutates: true, body: () => ({ source: "/made", destination: { kind: "external", url: "https://example.com/" } }) },
  bulkUpsertSiteRedirects: { needs: "site.create", mutates: true, body: () => ({ redirects: [{ source: "/old", destination: null }, { source: "/made", destination: { kind: "external", url: "https://example.com/" } }] }) },
  updateSiteRedirectById: { needs: "site.create", mutates: true, body: () => ({ permanent: true }) },
  deleteSiteRedirectById: { needs: "site.create", mutates: true },

  // A docs site's structure (server/policies/site.ts: reading needs view, changing the structure the create role)
  // Adaptive content and customization (server/policies/site.ts: the visitor schema is read with the create role and written by admins; customization is read by viewers, written by admins)
  getSiteAdaptiveSchema: { needs: "site.viewAdaptiveSchema" },
  updateSiteAdaptiveSchema: { needs: "site.editAdaptiveSchema", mutates: true, body: () => ({ jsonSchema: { type: "object", properties: { plan: { type: "string", enum: ["pro"], description: "Plan" } }, additionalProperties: false } }) },
  listSiteAdaptiveTemplateConditions: { needs: "site.viewAdaptiveSchema" },
  getSiteCustomizationById: { needs: "site.view" },
  updateSiteCustomizationById: { needs: "site.admin", mutates: true, body: () => ({ styling: { theme: "muted" } }) },
  getSiteSpaceCustomizationById: { needs: "site.view" },
  overrideSiteSpaceCustomizationById: { needs: "site.admin", mutates: true, body: () => ({ styling: { theme: "bold" } }) },
  deleteSiteSpaceCustomizationById: { needs: "site.admin", mutates: true },
  // Custom fonts (server/policies/site.ts customFontPermissions: members read them; those who customize sites, the organization's admins, manage them)
  generateStorageUploadURL: { needs: "organization.admin", mutates: true, body: () => ({ file: { name: "Matrix.woff2", type: "font/woff2", size: 1000 }, kind: "customization_font" }) },
  listCustomFonts: { needs: "organization.view" },
  getCustomFont: { needs: "organization.view" },
  createCustomFont: { needs: "organization.admin", mutates: true, body: (ids) => ({ fontFamily: "Made by the matrix", fontFaces: [{ weight: 400, storageKey: ids.fontStorageKey }] }) },
  updateCustomFont: { needs: "organization.admin", mutates: true, body: () => ({ fontFamily: "Renamed by the matrix" }) },
  deleteCustomFont: { needs: "organization.admin", mutates: true },
  // Webhooks and the event feed, Quire extensions (server/webhooks/access.ts: the organization's admins alone)
  listOrganizationWebhooks: { needs: "organization.admin" },
  createOrganizationWebhook: { needs: "organization.admin", mutates: true, body: () => ({ url: "https://webhook.invalid/made", active: false }) },
  getOrganizationWebhook: { needs: "organization.admin" },
  updateOrganizationWebhook: { needs: "organization.admin", mutates: true, body: () => ({ description: "Changed by the matrix" }) },
  deleteOrganizationWebhook: { needs: "organization.admin", mutates: true },
  rotateOrganizationWebhookSecret: { needs: "organization.admin", mutates: true },
  testOrganizationWebhook: { needs: "organization.admin", mutates: true },
  listOrganizationWebhookDeliveries: { needs: "organization.admin" },
  redeliverOrganizationWebhookDelivery: { needs: "organization.admin", mutates: true },
  redeliverFailedOrganizationWebhookDeliveries: { needs: "organization.admin", mutates: true },
  listOrganizationEvents: { needs: "organization.admin" },
  // Integrations (server/policies/integration.ts): the world's are private, so its organization's members see them and its admins manage them
  // B's integration installed in A is public: its owner, organization B, is named in it for anyone to see.
  listIntegrations: { needs: "self", query: () => "blocks=false", shows: ["organization B"] },
  listOrganizationIntegrations: { needs: "organization.view", shows: ["organization B"] },
  getIntegrationByName: { needs: "organization.view" },
  publishIntegration: {
    needs: "organization.admin",
    mutates: true,
    body: (ids) => ({ organization: ids.organizationId, title: "Republished", description: "By the matrix", script: "", scopes: ["space:content:read"] }),
  },
  // Another organization's private integration is already gone to an outsider (204); its own admins remove it (205).
  unpublishIntegration: { needs: "organization.admin", mutates: true, invisibleIsDone: true },
  setIntegrationDevelopmentMode: { needs: "organization.admin", mutates: true, body: () => ({ tunnelUrl: "https://tunnel.example.com/matrix", all: true }) },
  disableIntegrationDevelopmentMode: { needs: "organization.admin", mutates: true },
  getSiteStructure: { needs: "site.view" },
  sortSiteStructure: { needs: "site.create", mutates: true, body: (ids) => ({ item: { type: "site-section", id: ids.siteSectionId }, position: { after: { type: "site-section", id: ids.lastSectionId } } }) },
  listSiteSections: { needs: "site.view" },
  addSectionToSite: { needs: "site.create", mutates: true, body: (ids) => ({ spaceId: ids.siteContentSpaceId, title: "Made by the matrix" }) },
  updateSiteSectionById: { needs: "site.create", mutates: true, body: () => ({ title: "Renamed by the matrix", path: "renamed" }) },
  deleteSiteSectionById: { needs: "site.create", mutates: true },
  moveSiteSection: { needs: "site.create", mutates: true, body: (ids) => ({ position: { after: { type: "site-section", siteSection: ids.lastSectionId } } }) },
  listSiteSectionGroups: { needs: "site.view" },
  addSectionGroupToSite: { needs: "site.create", mutates: true, body: (ids) => ({ title: "Made", sections: [ids.lastSectionId] }) },
  updateSiteSectionGroupById: { needs: "site.create", mutates: true, body: () => ({ title: "Renamed" }) },
  deleteSiteSectionGroupById: { needs: "site.create", mutates: true },
  // Quire extensions (spec 4.9): a section into and out of a group.
  addSectionToSiteSectionGroup: { needs: "site.create", mutates: true, body: (ids) => ({ sectionId: ids.lastSectionId }) },
  removeSectionFromSiteSectionGroup: { needs: "site.create", mutates: true, params: (ids) => ({ siteSectionId: ids.groupedSectionId }) },
  moveSiteSectionGroup: { needs: "site.create", mutates: true, body: (ids) => ({ position: { before: { type: "site-section", id: ids.siteSectionId } } }) },
  listSiteSpaces: { needs: "site.view", query: () => "default=false" },
  addSpaceToSite: { needs: "site.create", mutates: true, body: (ids) => ({ spaceId: ids.siteContentSpaceId, sectionId: ids.lastSectionId }) },
  updateSiteSpaceById: { needs: "site.create", mutates: true, body: () => ({ path: "renamed" }) },
  deleteSiteSpaceById: { needs: "site.create", mutates: true },
  moveSiteSpace: { needs: "site.create", mutates: true, body: (ids) => ({ position: { after: { type: "site-space", siteSpace: ids.otherSiteSpaceId } } }) },
  // The copy of the space goes where S2 is: creating content at the organization's root.
  duplicateSiteSpace: { needs: "site.create", also: ["organization.createContent"], mutates: true, reordersSiblings: true, body: () => ({}) },

  // Installations (server/integrations/installations/access.ts: an organization's installations are its admins'; a space's or
  // site's installation its admins' there, the organization's included; lists of a (private) integration's installations are
  // for those who see it, and show each the installations they may see). The world's integration is A's private one: an
  // installation token, of another integration, does not find it (membersOnly).
  listIntegrationInstallations: { needs: "organization.view", membersOnly: true },
  // The fresh organization has it installed already: installing again answers that installation.
  installIntegration: { needs: "organization.admin", membersOnly: true, mutates: true, body: (ids) => ({ organization: ids.organizationId }) },
  getIntegrationInstallationById: { needs: "organization.admin", membersOnly: true },
  updateIntegrationInstallation: { needs: "organization.admin", membersOnly: true, mutates: true, body: () => ({ externalIds: ["matrix"], space_selection: "all" }) },
  uninstallIntegration: { needs: "organization.admin", membersOnly: true, mutates: true, invisibleIsDone: true },
  listOrganizationInstallations: { needs: "organization.admin" },
  listIntegrationInstallationSpaces: { needs: "organization.admin", membersOnly: true },
  listIntegrationInstallationSites: { needs: "organization.admin", membersOnly: true },
  listIntegrationSpaceInstallations: { needs: "organization.view", membersOnly: true },
  listIntegrationSiteInstallations: { needs: "organization.view", membersOnly: true },
  // The fresh space or site has it installed already, as the place: installing again answers that row.
  installIntegrationOnSpace: { needs: "space.admin", membersOnly: true, mutates: true, body: (ids) => ({ space: ids.spaceId }) },
  getIntegrationSpaceInstallation: { needs: "space.admin", membersOnly: true },
  updateIntegrationSpaceInstallation: { needs: "space.admin", membersOnly: true, mutates: true, body: () => ({ externalIds: ["matrix"] }) },
  uninstallIntegrationFromSpace: { needs: "space.admin", membersOnly: true, mutates: true, invisibleIsDone: true },
  listSpaceIntegrations: { needs: "space.view" },
  installIntegrationOnSite: { needs: "site.admin", membersOnly: true, mutates: true, body: (ids) => ({ siteId: ids.siteId }) },
  getIntegrationSiteInstallation: { needs: "site.admin", membersOnly: true },
  updateIntegrationSiteInstallation: { needs: "site.admin", membersOnly: true, mutates: true, body: () => ({ externalIds: ["matrix"] }) },
  uninstallIntegrationFromSite: { needs: "site.admin", membersOnly: true, mutates: true, invisibleIsDone: true },
  listSiteIntegrations: { needs: "site.view" },
  // Integrations (issue 13): the integration itself mints its installation's tokens (the first integration of the world, public)
  // B's integration's installation in A (the world's `integrationName` is A's own integration).
  createIntegrationInstallationToken: { needs: "self", integrationItself: true, mutates: true, params: (ids) => ({ integrationName: ids.tokenIntegrationName, installationId: ids.tokenInstallationId }) },
  // The event log is its admins' (server/integrations/events/log.ts); tasks are queued by the integration itself.
  listIntegrationEvents: { needs: "organization.admin" },
  getIntegrationEvent: { needs: "organization.admin" },
  queueIntegrationTask: { needs: "self", integrationItself: true, mutates: true, params: (ids) => ({ integrationName: ids.tokenIntegrationName }), body: () => ({ task: { from: "the matrix" }, schedule: 60 }) },
};

/**
 * The comment operations of one base. The world's comments are its admin's: others may resolve them
 * and react, and delete them only as admins. A change request's comment is named by its own ids.
 */
function commentRows(suffix: "Space" | "ChangeRequest", resource: "space" | "changeRequest"): Record<string, Row> {
  const params = suffix === "Space" ? undefined : (ids: Ids) => ({ commentId: ids.changeRequestCommentId, commentReplyId: ids.changeRequestReplyId });
  const view = `${resource}.view` as const;
  const comment = `${resource}.comment` as const;
  const body = () => ({ body: { markdown: "Posted by the matrix" } });
  return {
    [`listCommentsIn${suffix}`]: { needs: view, query: () => "status=open&order=asc" },
    [`postCommentIn${suffix}`]: { needs: comment, mutates: true, body },
    [`getCommentIn${suffix}`]: { needs: view, params },
    [`updateCommentIn${suffix}`]: { needs: comment, mutates: "space with content", params, body: () => ({ resolved: true, addedReactions: ["👍"] }) },
    // Deleting needs the admin role on the space (a fresh one, with content: its change request has comments too).
    [`deleteCommentIn${suffix}`]: { needs: "space.admin", mutates: "space with content", params },
    [`listCommentRepliesIn${suffix}`]: { needs: view, params },
    [`postCommentReplyIn${suffix}`]: { needs: comment, mutates: "space with content", params, body },
    [`getCommentReplyIn${suffix}`]: { needs: view, params },
    [`updateCommentReplyIn${suffix}`]: { needs: comment, mutates: "space with content", params, body: () => ({ addedReactions: ["🎉"] }) },
    [`deleteCommentReplyIn${suffix}`]: { needs: "space.admin", mutates: "space with content", params },
  };
}

/** The permission operations of a space or a collection: the same rows for both kinds. */
function sharingRows(kind: "space" | "collection"): Record<string, Row> {
  const Kind = kind === "space" ? "Space" : "Collection";
  const [view, admin] = kind === "space" ? (["space.view", "space.admin"] as const) : (["collection.view", "collection.admin"] as const);
  return {
    [`inviteTo${Kind}`]: { needs: admin, mutates: true, body: (ids) => ({ role: "edit", users: [ids.userId], teams: [ids.teamId] }) },
    [`listUserPermissionsIn${Kind}`]: { needs: view },
    [`listTeamPermissionsIn${Kind}`]: { needs: view },
    [`updateUserPermissionIn${Kind}`]: { needs: admin, mutates: true, body: () => ({ role: "comment" }) },
    [`updateTeamPermissionIn${Kind}`]: { needs: admin, mutates: true, body: () => ({ role: "comment" }) },
    [`removeUserFrom${Kind}`]: { needs: admin, mutates: true, invisibleIsDone: true },
    [`removeTeamFrom${Kind}`]: { needs: admin, mutates: true, invisibleIsDone: true },
    [`listPermissionsAggregateIn${Kind}`]: { needs: view },
    // About another member (the bystander): seeing the item, then its admin role.
    [`explainPermissionsIn${Kind}`]: { needs: view, also: [admin], query: (ids) => `user=${ids.userId}` },
  };
}

// ---- the world ----

const PAGE = "<!doctype html><html><head><title>Imported</title></head><body><main><h1>Imported</h1><p>One page.</p></main></body></html>";
const allowlist = process.env.QUIRE_FETCH_ALLOWLIST;
let server: Awaited<ReturnType<typeof startApiServer>>;
let site: Server;
let world: World;

beforeAll(async () => {
  server = await startApiServer();
  // The one-page site imports read, on loopback: allowlisted for this process, as in tests/api/import.test.ts.
  site = createServer((_, res) => res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";
  await startWorkers();
  world = await buildWorld({ importUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}/` });
}, 120_000);

afterAll(async () => {
  await stopJobQueue();
  if (allowlist === undefined) delete process.env.QUIRE_FETCH_ALLOWLIST;
  else process.env.QUIRE_FETCH_ALLOWLIST = allowlist;
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  await server?.close();
});

// ---- the matrix ----

const covered = v1Operations.filter((operation) => TABLE[operation.operationId] && !isSkipped(operation.operationId));
const changes = (operation: Operation) => !!TABLE[operation.operationId]!.mutates;
const reorders = (operation: Operation) => !!TABLE[operation.operationId]!.reordersSiblings;
/** The reads of an organization's things, run again with A's single sign-on required (the last block). */
const reads = covered.filter((operation) => !changes(operation) && TABLE[operation.operationId]!.needs !== "self");
/** The matrix's size for the closing note (operations with a row; the first test fails unless that is all of them). */
export const restMatrixSize = () => ({
  ...matrixSize(covered.map((operation) => operation.operationId), (operationId) => TABLE[operationId]!.needs, PLACES),
  ssoRequiredCalls: reads.length * CALLERS.length,
});
const size = restMatrixSize();
console.log(
  `REST authorization matrix: ${size.operations} operations × ${size.callers} callers = ${size.pairs} pairs, ` +
    `${size.calls} calls over the places of each resource (${Object.entries(PLACES).map(([kind, places]) => `${kind}: ${places.join(", ")}`).join("; ")}); ` +
    `then ${reads.length} reads × ${CALLERS.length} callers = ${size.ssoRequiredCalls} calls with A's single sign-on required.`,
);

test("every /v1 operation has a row in the table, and every row is an operation", () => {
  expect(v1Operations.filter((operation) => !TABLE[operation.operationId]).map((operation) => operation.operationId)).toEqual([]);
  const ids = new Set(v1Operations.map((operation) => operation.operationId));
  expect(Object.keys(TABLE).filter((operationId) => !ids.has(operationId))).toEqual([]);
});

test("the permission keys the tables name mean the roles the model gives them", () => {
  const live = { editMode: "live", deletedAt: null };
  const objects: Record<string, (role: (typeof ROLES)[number] | null) => Record<string, boolean>> = {
    organization: organizationPermissions,
    collection: collectionPermissions,
    space: (role) => spacePermissions(role, live),
    changeRequest: (role) => changeRequestPermissions(role, live, { status: "draft" }),
    site: sitePermissions,
  };
  const ladder = [null, ...ROLES];
  for (const [key, minimum] of Object.entries(MINIMUM_ROLE) as [PermissionKey, string][]) {
    const [resource, permission] = key.split(".") as [string, string];
    if (resource === "team") continue; // below
    const allowed = ladder.filter((role) => objects[resource]!(role)[permission] === true).map((role) => role ?? "guest");
    const rank = ["guest", ...ROLES].indexOf(minimum as never);
    expect(allowed, key).toEqual(["guest", ...ROLES].slice(rank).filter((role) => resource === "organization" || role !== "guest"));
  }
});

test("the model's rule for teams is the team policy's, and sharing needs what the model's space and collection keys say", () => {
  const names = ["read", "guest"] as const;
  for (const memberRole of [null, ...ROLES]) {
    for (const teamRole of [null, "member", "owner"] as const) {
      const caller: Caller = { name: names[0], signedIn: true, userId: "u", email: null, token: null, memberships: { A: memberRole } };
      const team: Entity = { id: "t", label: "team", kind: "team", org: "A", parent: null, level: "inherit", grants: {}, teamRoles: teamRole ? { read: teamRole } : {}, minimum: "read", related: [] };
      const permissions = teamPermissions({ memberRole, teamRole });
      const level = roleOf(caller, team);
      expect({ memberRole, teamRole, view: holds(level, "team.view"), admin: holds(level, "team.admin") }).toEqual({ memberRole, teamRole, ...permissions });
    }
  }
  for (const role of [null, ...ROLES]) {
    const permissions = sharingPermissions(role);
    expect({ role, view: holds(role ?? "guest", "space.view"), share: holds(role ?? "guest", "space.admin"), explainOthers: holds(role ?? "guest", "space.admin") }).toEqual({ role, ...permissions });
    expect(holds(role ?? "guest", "collection.view")).toBe(permissions.view);
    expect(holds(role ?? "guest", "collection.admin")).toBe(permissions.share);
  }
});

/**
 * Beside the matrix, whose callers reach into another organization through its ids in the path:
 * A's admin naming B's records inside A's own paths and bodies (B's team, SAML provider, audit
 * event and admin). Each is as unknown as a record that does not exist — 404, or the 400 of a
 * body field that names nothing — never B's data, and B's records stay as they were.
 */
test("A's admin naming B's team, SAML provider, audit event or admin inside A's paths and bodies finds nothing and changes nothing", async () => {
  const admin = world.caller("admin");
  const A = world.target("organization", "A").ids.organizationId;
  const [S1, C, T, TB, PA, PB, EB] = ["S1", "C", "T", "TB", "PA", "PB", "EB"].map(world.idOf) as string[];
  const userB = world.caller("admin of another organization").userId!;
  const emailB = world.caller("admin of another organization").email!;
  const provider = { label: "Cross", entityID: "https://idp.example/cross", ssoURL: "https://idp.example/sso", certificate: world.target("organization", "A").ids.samlCertificate };
  const calls: [method: string, url: string, body: unknown, status: number][] = [
    ["GET", `/v1/orgs/${A}/teams/${TB}`, undefined, 404],
    ["PATCH", `/v1/orgs/${A}/teams/${TB}`, { title: "Taken" }, 404],
    ["DELETE", `/v1/orgs/${A}/teams/${TB}`, undefined, 204],
    ["GET", `/v1/orgs/${A}/teams/${TB}/members`, undefined, 404],
    ["PUT", `/v1/orgs/${A}/teams/${TB}/members`, { add: [admin.userId] }, 404],
    ["PUT", `/v1/orgs/${A}/teams/${T}/members`, { add: [emailB] }, 400],
    ["PUT", `/v1/orgs/${A}/teams/${T}/members/${userB}`, {}, 404],
    ["PUT", `/v1/orgs/${A}/teams`, { title: "Cross", members: [userB] }, 400],
    ["GET", `/v1/orgs/${A}/teams?owner=${userB}`, undefined, 400],
    ["POST", `/v1/spaces/${S1}/permissions`, { role: "admin", users: [userB] }, 404],
    ["POST", `/v1/collections/${C}/permissions`, { role: "admin", teams: [TB] }, 404],
    ["PATCH", `/v1/spaces/${S1}/permissions/users/${userB}`, { role: "admin" }, 404],
    ["PATCH", `/v1/spaces/${S1}/permissions/teams/${TB}`, { role: "admin" }, 404],
    ["GET", `/v1/spaces/${S1}/permissions/explain?user=${userB}`, undefined, 404],
    ["GET", `/v1/orgs/${A}/saml/${PB}`, undefined, 404],
    ["PATCH", `/v1/orgs/${A}/saml/${PB}`, { label: "Taken" }, 404],
    ["PATCH", `/v1/orgs/${A}/saml/${PA}`, { defaultTeam: TB }, 400],
    ["POST", `/v1/orgs/${A}/saml`, { ...provider, defaultTeam: TB }, 400],
    ["DELETE", `/v1/orgs/${A}/saml/${PB}`, undefined, 204],
    ["POST", `/v1/orgs/${A}/members/${userB}/sso`, undefined, 404],
    ["GET", `/v1/orgs/${A}/audit-events/${EB}`, undefined, 404],
  ];
  const stateOfB = () =>
    Promise.all([
      db().team.findUnique({ where: { id: TB }, include: { members: true } }),
      db().samlProvider.findUnique({ where: { id: PB } }),
      db().member.findMany({ where: { userId: userB } }),
      db().contentGrant.findMany({ where: { OR: [{ userId: userB }, { teamId: TB }] } }),
      db().samlProvider.findUnique({ where: { id: PA } }),
    ]);
  const before = await stateOfB();
  const forbidden = world.forbiddenFor(admin);
  const answers = [];
  for (const [method, url, body] of calls) {
    const response = await apiClient(server.url, admin.token!).raw(method, url, body === undefined ? {} : { body });
    const text = JSON.stringify(response.body) ?? "";
    // An error may repeat the ids the caller sent; anything else of B's is a leak.
    const sent = url + JSON.stringify(body);
    const leaks = forbidden.filter(({ value }) => text.includes(value) && !sent.includes(value)).map(({ label }) => label);
    answers.push({ call: `${method} ${url.replaceAll(A, "{A}")}`, status: response.status, leaks });
  }
  expect(answers).toEqual(calls.map(([method, url, , status]) => ({ call: `${method} ${url.replaceAll(A, "{A}")}`, status, leaks: [] })));
  expect(await stateOfB()).toEqual(before);
});

/** Each (operation, place) of a list of operations, named for the test. */
const rowsOf = (operations: Operation[], places = (operation: Operation) => PLACES[resourceOf(TABLE[operation.operationId]!.needs)]) =>
  operations.flatMap((operation) => places(operation).map((place) => ({ operation, place, name: `${operation.operationId}: ${operation.method} ${operation.path} · ${place}` })));

// Reads first, so that they see the world as built, before fresh targets join it (and again with
// single sign-on required); then the changes (tests/helpers/authorization/row.ts).
describe.concurrent("reads", () => {
  test.for(rowsOf(covered.filter((operation) => !changes(operation))))("$name", ({ operation, place }, { expect }) => checkRow(operation, place, expect, verdictFor));
});
/**
 * The reads again (one place per resource), with organization A's single sign-on required: its
 * members other than admins reach it only through a session its identity provider began, so
 * their tokens are refused on everything of A's, 403 even where they would otherwise see nothing
 * (server/policies/sso.ts; the model's verdictWithSsoRequired). A's switch is on only while this
 * block runs, alone.
 */
describe("with A's single sign-on required", () => {
  const setSso = (sso: boolean) => db().organization.update({ where: { id: world.target("organization", "A").ids.organizationId }, data: { sso } });
  beforeAll(() => setSso(true));
  afterAll(() => setSso(false));

  describe.concurrent("reads", () => {
    test.for(rowsOf(reads, (operation) => PLACES[resourceOf(TABLE[operation.operationId]!.needs)].slice(0, 1)))("$name", ({ operation, place }, { expect }) =>
      checkRow(operation, place, expect, verdictWithSsoRequired),
    );
  });
});

describe.concurrent("changes", () => {
  test.for(rowsOf(covered.filter((operation) => changes(operation) && !reorders(operation))))("$name", ({ operation, place }, { expect }) => checkRow(operation, place, expect, verdictFor));
});
describe("changes that reorder their siblings, one at a time", () => {
  test.for(rowsOf(covered.filter(reorders)))("$name", ({ operation, place }, { expect }) => checkRow(operation, place, expect, verdictFor));
});

/**
 * One row at one place: every caller's status the one its verdict gives, its answer free of what the
 * caller may not see, and a refused change leaving its target as it was.
 */
async function checkRow(operation: Operation, place: string, expect: ExpectStatic, verdictOf: typeof verdictFor) {
  const row = TABLE[operation.operationId]!;
  const { actual, expected, explanation } = await runRow({
    world,
    row,
    place,
    callers: world.callers,
    verdictOf,
    // What the caller cannot see is already done: 204, "there was none", where the reference tells that from a removal (205).
    expectedAnswer: (verdict, success) => String(verdict.allowed ? (operation.status ?? 200) : success ? 204 : verdict.status),
    call: (caller, target) => callOperation(operation, row, caller.token, target),
  });
  expect(actual, explanation).toEqual(expected);
}

/** The operation called with a token at a target: its status, and what its answer shows. */
async function callOperation(operation: Operation, row: Row, token: string | null, target: Target): Promise<Answer> {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, param: string) => {
    const value = { ...target.ids, ...row.params?.(target.ids) }[param as keyof Ids];
    if (typeof value !== "string") throw new Error(`No value for the path parameter {${param}} at ${target.place}: add it to the world's Ids.`);
    return encodeURIComponent(value);
  });
  const query = row.query?.(target.ids);
  const body = row.body?.(target.ids);
  const url = query ? `${path}?${query}` : path;
  const response = row.successUnlikeReference
    ? await unchecked(operation.method, url, token, body)
    : await apiClient(server.url, token ?? undefined).raw(operation.method, url, body === undefined ? {} : { body });
  const text = JSON.stringify(response.body) ?? "";
  const reason = (response.body as { error?: { details?: { reason?: string } } } | undefined)?.error?.details?.reason;
  return { answer: String(response.status), ok: response.status < 300, text, ...(reason === "sso_required" ? { reason } : {}), excerpt: `${response.status} ${text.slice(0, 300)}` };
}

/** A call whose success answer the reference does not describe: errors are still checked for the envelope. */
async function unchecked(method: string, url: string, token: string | null, body: unknown) {
  const response = await fetch(server.url + url, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (response.status >= 400) {
    assertConformsToSchema("Error", parsed);
    expect(parsed.error.code).toBe(response.status);
  }
  return { status: response.status, body: parsed };
}
