import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, test, type ExpectStatic } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { endSessions, sessionIsCurrent } from "../../server/auth/sessions";
import { db } from "../../server/db/client";
import { isSsoRefusal } from "../../server/policies/sso";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { CALLERS, matrixSize, resourceOf, sessionCaller, verdictFor, verdictWithSsoRequired, type Caller, type CallerName, type Requirement } from "../helpers/authorization/model";
import { runRow } from "../helpers/authorization/row";
import { isSkipped } from "../helpers/skipped-operations";
import { BASE_URL, buildWorld, PLACES, SEARCH_WORD, type Ids, type World } from "../helpers/authorization/world";

/**
 * The authorization matrix of the admin UI's tRPC procedures: every procedure of `appRouter` ×
 * every caller, on every place of the resource it acts on, in the same world and with the same
 * model as the /v1 matrix (tests/api/authorization-matrix.test.ts, which says how rows work).
 * Refusals are tRPC's codes for the statuses: UNAUTHORIZED (no session, or one that was ended),
 * NOT_FOUND, FORBIDDEN. A procedure without a row fails the first test.
 */

/** `shows`: what the answer shows by design though the caller could not otherwise see it (labels of `forbiddenFor`). */
type Row = Requirement<{ input?: (ids: Ids) => unknown; shows?: string[] }>;

const space = (ids: Ids) => ({ spaceId: ids.spaceId });
const changeRequest = (ids: Ids) => ({ spaceId: ids.spaceId, ref: ids.changeRequestId });
const organization = (ids: Ids) => ({ organizationId: ids.organizationId });
const collection = (ids: Ids) => ({ collectionId: ids.collectionId });
const team = (ids: Ids) => ({ organizationId: ids.organizationId, teamId: ids.teamId });
const onSpace = (ids: Ids) => ({ target: { type: "space", id: ids.spaceId } });
const onCollection = (ids: Ids) => ({ target: { type: "collection", id: ids.collectionId } });
const site = (ids: Ids) => ({ organizationId: ids.organizationId, siteId: ids.siteId });
const onSite = (ids: Ids) => ({ target: { type: "site", id: ids.siteId, organizationId: ids.organizationId } });
const integration = (ids: Ids) => ({ integrationName: ids.integrationName });
const installation = (ids: Ids) => ({ integrationName: ids.integrationName, installationId: ids.installationId });

const TABLE: Record<string, Row> = {
  "organizations.me": { needs: "self" },
  "organizations.list": { needs: "self" },
  "organizations.get": { needs: "organization.view", input: organization },
  "organizations.waitingForMe": { needs: "organization.view", input: organization },
  "organizations.create": { needs: "self", mutates: true, input: () => ({ title: "Made by the matrix" }) },

  // People: members, invites, email domains, the profile
  "organizations.update": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), title: "Renamed by the matrix" }) },
  // The settings page: the logo's upload, and the danger zone (the fresh organization's name typed); a deleted one is restored by its admins alone.
  "organizations.logoUploadUrl": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), file: { name: "Logo.png", type: "image/png", size: 1000 } }) },
  "organizations.delete": { needs: "organization.admin", mutates: true, invisibleIsDone: true, input: (ids) => ({ ...organization(ids), confirmation: "Matrix A (fresh)" }) },
  "organizations.restore": { needs: "organization.admin", mutates: "deleted organization", input: organization },
  "organizations.deleted": { needs: "self" },
  "organizations.joinable": { needs: "self" },
  // Members answer that they are in; no caller's address is on a verified domain, so no one else joins.
  "organizations.joinByEmailDomain": { needs: "organization.view", input: organization },
  "members.list": { needs: "organization.listMembers", input: organization },
  "members.get": { needs: "organization.listMembers", input: (ids) => ({ ...organization(ids), userId: ids.userId }) },
  "members.update": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), userId: ids.userId, role: "read" }) },
  "members.remove": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), userId: ids.userId }) },
  "members.ping": { needs: "organization.view", input: organization },
  // An admin's actions on another member's account: a reset only of an account in this organization alone (the fresh organization's lone member).
  "members.endSessions": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), userId: ids.userId }) },
  "members.resetPassword": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), userId: ids.loneMemberId }) },
  "invites.inviteByEmail": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), emails: ["invited-by-the-matrix@example.test"] }) },
  "invites.pending": { needs: "organization.admin", input: organization },
  "invites.resend": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), inviteId: ids.emailInviteId }) },
  "invites.revoke": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), inviteId: ids.emailInviteId }) },
  "invites.links": { needs: "organization.admin", input: organization },
  "invites.createLink": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), role: "read" }) },
  "invites.updateLink": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), inviteId: ids.inviteId, role: "edit" }) },
  "invites.deleteLink": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), inviteId: ids.inviteId }) },
  "profile.get": { needs: "self" },
  "profile.update": { needs: "self", mutates: true, input: () => ({ displayName: "Renamed by the matrix" }) },
  // The callers have no password yet (made without one): each sets its first.
  "profile.changePassword": { needs: "self", mutates: true, input: () => ({ newPassword: "set-by-the-matrix" }) },
  "profile.notificationSettings": { needs: "self" },
  "profile.updateNotificationSettings": { needs: "self", mutates: true, input: () => ({ emailNotifications: false }) },
  "notifications.list": { needs: "self", input: () => ({ unread: true }) },
  "notifications.unreadCount": { needs: "self" },
  "notifications.spaces": { needs: "self" },
  "notifications.markRead": { needs: "self", mutates: true, input: () => ({ all: true }) },

  "content.tree": { needs: "organization.view", input: organization },
  "content.trash": { needs: "organization.view", input: organization },
  "content.createCollection": { needs: "organization.createContent", mutates: true, input: (ids) => ({ ...organization(ids), title: "Made" }) },
  "content.createSpace": { needs: "organization.createContent", mutates: true, input: (ids) => ({ ...organization(ids), title: "Made" }) },
  "content.renameCollection": { needs: "collection.admin", mutates: true, input: (ids) => ({ ...collection(ids), title: "Renamed" }) },
  "content.renameSpace": { needs: "space.admin", mutates: true, input: (ids) => ({ ...space(ids), title: "Renamed" }) },
  "content.moveCollection": { needs: "collection.admin", also: ["container.create"], mutates: true, reordersSiblings: true, input: (ids) => ({ ...collection(ids), position: { before: ids.anchor } }) },
  "content.moveSpace": { needs: "space.admin", also: ["container.create"], mutates: true, reordersSiblings: true, input: (ids) => ({ ...space(ids), position: { before: ids.anchor } }) },
  "content.deleteCollection": { needs: "collection.admin", mutates: true, invisibleIsDone: true, input: collection },
  "content.deleteSpace": { needs: "space.admin", mutates: true, invisibleIsDone: true, input: space },
  "content.restoreSpace": { needs: "space.admin", mutates: "deleted space", input: space },

  "imports.start": { needs: "space.edit", mutates: true, input: (ids) => ({ ...space(ids), url: ids.importUrl }) },
  "imports.get": { needs: "space.view", input: (ids) => ({ ...space(ids), importId: ids.importId }) },
  "imports.list": { needs: "space.view", input: space },

  "settings.getSpace": { needs: "space.view", input: space },
  "settings.updateSpace": { needs: "space.admin", mutates: true, input: (ids) => ({ ...space(ids), title: "Renamed" }) },
  "settings.spacePages": { needs: "space.view", input: space },
  "settings.spaceTemplates": { needs: "self" },
  "settings.applySpaceTemplate": { needs: "space.edit", mutates: "empty space", input: (ids) => ({ ...space(ids), id: "knowledge-base" }) },
  "settings.getCollection": { needs: "collection.view", input: collection },
  "settings.updateCollection": { needs: "collection.admin", mutates: true, input: (ids) => ({ ...collection(ids), title: "Renamed" }) },
  "settings.spacesInCollection": { needs: "collection.view", input: collection },

  "tokens.list": { needs: "self" },
  "tokens.create": { needs: "self", mutates: true, input: () => ({ name: "Made by the matrix" }) },
  "tokens.revoke": { needs: "self", mutates: true, input: (ids) => ({ tokenId: ids.tokenId }) },

  "changeRequests.list": { needs: "space.view", input: (ids) => ({ ...space(ids), status: "draft" }) },
  "changeRequests.get": { needs: "changeRequest.view", input: changeRequest },
  "changeRequests.create": { needs: "space.edit", mutates: true, input: (ids) => ({ ...space(ids), subject: "Made" }) },
  "changeRequests.update": { needs: "changeRequest.edit", mutates: true, input: (ids) => ({ ...changeRequest(ids), subject: "Renamed" }) },
  "changeRequests.merge": { needs: "changeRequest.merge", mutates: true, input: changeRequest },
  "changeRequests.updateFromMain": { needs: "changeRequest.update", mutates: true, input: changeRequest },
  "changeRequests.changes": { needs: "changeRequest.view", input: changeRequest },
  "changeRequests.applyChanges": {
    needs: "changeRequest.editContent",
    mutates: true,
    input: (ids) => ({ ...changeRequest(ids), changes: [{ operation: "insert_page", title: "Added", slug: "added", document: { markdown: "Added.\n" } }] }),
  },
  // Live edits: saves of the editor straight to main (server/policies/live-edit.ts).
  "liveEdits.availability": { needs: "space.view", input: space },
  "liveEdits.save": {
    needs: "space.edit",
    mutates: true,
    input: (ids) => ({ ...space(ids), session: "matrix-session", changes: [{ operation: "insert_page", title: "Live", slug: "live", document: { markdown: "Live.\n" } }] }),
  },
  // The three sources a reader or editor reads from: main, a change request, a revision.
  "changeRequests.pages": { needs: "space.view", input: (ids) => ({ ...space(ids), source: { kind: "main" } }) },
  "changeRequests.page": { needs: "changeRequest.view", input: (ids) => ({ ...space(ids), source: { kind: "change-request", ref: ids.changeRequestId }, pageId: ids.pageId }) },
  "changeRequests.variables": { needs: "space.view", input: (ids) => ({ ...space(ids), source: { kind: "revision", revisionId: ids.revisionId } }) },
  "changeRequests.files": { needs: "space.view", input: (ids) => ({ ...space(ids), source: { kind: "main" } }) },

  // The review screen and the merge rules' settings
  "reviews.list": { needs: "changeRequest.view", input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId }) },
  "reviews.submit": { needs: "changeRequest.review", mutates: true, input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId, status: "approved" }) },
  "reviews.requested": { needs: "changeRequest.view", input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId }) },
  "reviews.request": { needs: "changeRequest.requestReviewers", mutates: true, input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId, users: [ids.reviewerId] }) },
  "reviews.removeRequest": { needs: "changeRequest.requestReviewers", mutates: true, input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId, userId: ids.userId }) },
  "reviews.candidates": { needs: "space.view", input: (ids) => ({ ...space(ids), query: "" }) },
  "reviews.mergeStatus": { needs: "changeRequest.view", input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId }) },
  "mergeRules.getForOrganization": { needs: "organization.admin", input: organization },
  "mergeRules.updateForOrganization": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), requiredApprovals: 1 }) },
  "mergeRules.getForSpace": { needs: "space.admin", input: space },
  "mergeRules.updateForSpace": { needs: "space.admin", mutates: true, input: (ids) => ({ ...space(ids), requiredApprovals: 1 }) },
  // The discussion panel (server/policies/comment.ts), on a space's comments and a change request's; the world's comments are its admin's
  "comments.list": { needs: "space.view", input: (ids) => ({ ...space(ids), status: "open" }) },
  "comments.get": { needs: "changeRequest.view", input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId, commentId: ids.changeRequestCommentId }) },
  "comments.post": { needs: "space.comment", mutates: true, input: (ids) => ({ ...space(ids), markdown: "Posted by the matrix" }) },
  "comments.update": {
    needs: "changeRequest.comment",
    mutates: "space with content",
    input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId, commentId: ids.changeRequestCommentId, resolved: true, addedReactions: ["👍"] }),
  },
  "comments.delete": { needs: "space.admin", mutates: "space with content", input: (ids) => ({ ...space(ids), commentId: ids.commentId }) },
  "comments.replies": { needs: "space.view", input: (ids) => ({ ...space(ids), commentId: ids.commentId }) },
  "comments.reply": { needs: "space.comment", mutates: "space with content", input: (ids) => ({ ...space(ids), commentId: ids.commentId, markdown: "Replied by the matrix" }) },
  "comments.updateReply": { needs: "space.comment", mutates: "space with content", input: (ids) => ({ ...space(ids), commentId: ids.commentId, replyId: ids.commentReplyId, addedReactions: ["🎉"] }) },
  "comments.deleteReply": { needs: "space.admin", mutates: "space with content", input: (ids) => ({ ...space(ids), changeRequest: ids.changeRequestId, commentId: ids.changeRequestCommentId, replyId: ids.changeRequestReplyId }) },
  "comments.mentionable": { needs: "space.view", input: (ids) => ({ ...space(ids), query: "" }) },

  // The command palette and a space's history
  "search.everywhere": { needs: "organization.view", input: (ids) => ({ ...organization(ids), query: SEARCH_WORD }) },
  "history.list": { needs: "space.view", input: space },
  "history.changes": { needs: "space.view", input: (ids) => ({ ...space(ids), from: ids.revisionId, to: ids.revisionId }) },
  // Opens a change request: a fresh space with pages, restoring the draft's page, which main does not have.
  "history.restorePage": {
    needs: "space.edit",
    mutates: "space with content",
    input: (ids) => ({ ...space(ids), revisionId: ids.draftRevisionId, pageId: ids.draftPageId }),
  },

  // Teams
  "teams.list": { needs: "organization.view", input: organization },
  "teams.get": { needs: "team.view", input: team },
  "teams.create": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), title: "Made" }) },
  "teams.rename": { needs: "team.admin", mutates: true, input: (ids) => ({ ...team(ids), title: "Renamed" }) },
  "teams.delete": { needs: "team.admin", mutates: true, invisibleIsDone: true, input: team },
  "teams.members": { needs: "team.view", input: team },
  "teams.updateMembers": { needs: "team.admin", mutates: true, input: (ids) => ({ ...team(ids), memberships: { [ids.userId]: { role: "owner" } } }) },
  "teams.addMember": { needs: "team.admin", mutates: true, input: (ids) => ({ ...team(ids), userId: ids.userId, role: "owner" }) },
  "teams.removeMember": { needs: "team.admin", mutates: true, input: (ids) => ({ ...team(ids), userId: ids.userId }) },
  "teams.memberCandidates": { needs: "organization.listMembers", input: (ids) => ({ ...organization(ids), search: "" }) },

  // Sharing: the dialog's procedures take a space, a collection or a site; each row runs on one kind, the kinds alternating.
  "sharing.users": { needs: "space.view", input: onSpace },
  "sharing.teams": { needs: "site.view", input: onSite },
  "sharing.aggregate": { needs: "collection.view", input: onCollection },
  "sharing.invite": { needs: "space.admin", mutates: true, input: (ids) => ({ ...onSpace(ids), role: "edit", users: [ids.userId], teams: [ids.teamId] }) },
  "sharing.update": { needs: "site.admin", mutates: true, input: (ids) => ({ ...onSite(ids), subject: { type: "team", id: ids.teamId }, role: "comment" }) },
  "sharing.remove": { needs: "space.admin", mutates: true, invisibleIsDone: true, input: (ids) => ({ ...onSpace(ids), subject: { type: "team", id: ids.teamId } }) },
  "sharing.explain": { needs: "collection.view", also: ["collection.admin"], input: (ids) => ({ ...onCollection(ids), user: ids.userId }) },

  // Docs sites
  "sites.list": { needs: "organization.view", input: (ids) => ({ ...organization(ids), published: false }) },
  "sites.get": { needs: "site.view", input: site },
  "sites.create": { needs: "organization.createContent", mutates: true, input: (ids) => ({ ...organization(ids), title: "Made by the matrix" }) },
  "sites.update": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), title: "Renamed by the matrix" }) },
  "sites.delete": { needs: "site.admin", mutates: true, invisibleIsDone: true, input: site },
  "sites.publish": { needs: "site.admin", mutates: true, input: site },
  "sites.unpublish": { needs: "site.admin", mutates: true, input: site },

  // The audit log
  "customFonts.list": { needs: "organization.view", input: organization },
  "customFonts.permissions": { needs: "organization.view", input: organization },
  "customFonts.uploadUrl": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), file: { name: "Matrix.woff2", type: "font/woff2", size: 1000 } }) },
  "customFonts.create": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), font: { fontFamily: "Made by the matrix", fontFaces: [{ weight: 400, storageKey: ids.fontStorageKey }] } }) },
  "customFonts.update": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), fontId: ids.fontId, font: { fontFamily: "Renamed by the matrix" } }) },
  "customFonts.delete": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), fontId: ids.fontId }) },
  // Webhooks (server/webhooks/access.ts: the organization's admins alone)
  "webhooks.list": { needs: "organization.admin", input: organization },
  "webhooks.create": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), url: "https://webhook.invalid/made", active: false }) },
  "webhooks.update": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId, description: "Changed by the matrix" }) },
  "webhooks.rotateSecret": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId }) },
  "webhooks.delete": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId }) },
  "webhooks.test": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId }) },
  "webhooks.deliveries": { needs: "organization.admin", input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId }) },
  "webhooks.redeliver": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId, deliveryId: ids.deliveryId }) },
  "webhooks.redeliverFailed": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), webhookId: ids.webhookId }) },
  "audit.list": { needs: "organization.admin", input: organization },
  "audit.get": { needs: "organization.admin", input: (ids) => ({ ...organization(ids), auditEventId: ids.auditEventId }) },
  "audit.actions": { needs: "organization.admin", input: organization },

  // Single sign-on
  "sso.providers": { needs: "organization.admin", input: organization },
  "sso.serviceProvider": { needs: "organization.admin", input: organization },
  "sso.teams": { needs: "organization.admin", input: organization },
  "sso.create": {
    needs: "organization.admin",
    mutates: true,
    input: (ids) => ({ ...organization(ids), label: "Made", entityID: "https://idp.example/made", ssoURL: "https://idp.example/sso", certificate: ids.samlCertificate }),
  },
  "sso.update": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), samlProviderId: ids.samlProviderId, label: "Renamed" }) },
  "sso.delete": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), samlProviderId: ids.samlProviderId }) },
  "sso.setEnforced": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), sso: true }) },
  "sso.setEmailDomains": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), emailDomains: [`sso-${ids.samlProviderId.toLowerCase()}.test`] }) },
  "sso.members": { needs: "organization.admin", input: organization },
  "sso.allowMember": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), userId: ids.userId }) },
  "sso.removeMember": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...organization(ids), userId: ids.userId }) },

  // A site's share links and visitor authentication (its admins'), its redirects (read: view; write: the structure's create)
  "siteAccess.shareLinks": { needs: "site.admin", input: site },
  "siteAccess.createShareLink": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), name: "Made by the matrix" }) },
  "siteAccess.updateShareLink": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), shareLinkId: ids.shareLinkId, active: false }) },
  "siteAccess.deleteShareLink": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), shareLinkId: ids.shareLinkId }) },
  "siteAccess.auth": { needs: "site.admin", input: site },
  "siteAccess.updateAuth": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), logoutURL: "https://login.example.com/out" }) },
  "siteAccess.regenerateAuth": { needs: "site.admin", mutates: true, input: site },
  "siteRedirects.list": { needs: "site.view", input: site },
  "siteRedirects.create": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), source: "/made", destination: { kind: "site-space", siteSpaceId: ids.siteSpaceId } }) },
  "siteRedirects.update": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), siteRedirectId: ids.siteRedirectId, source: "/renamed" }) },
  "siteRedirects.delete": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), siteRedirectId: ids.siteRedirectId }) },
  // What the site's readers did (views, feedback): its owners', read with view
  "siteInsights.summary": { needs: "site.view", input: (ids) => ({ ...site(ids), days: 7 }) },
  "siteInsights.feedback": { needs: "site.view", input: site },

  // A docs site's structure (server/policies/site.ts: reading needs view, changing the structure the create role)
  "siteAdaptive.getSchema": { needs: "site.viewAdaptiveSchema", input: site },
  "siteAdaptive.updateSchema": {
    needs: "site.editAdaptiveSchema",
    mutates: true,
    input: (ids) => ({ ...site(ids), jsonSchema: { type: "object", properties: { plan: { type: "string", enum: ["pro"], description: "Plan" } }, additionalProperties: false } }),
  },
  "siteAdaptive.templates": { needs: "site.viewAdaptiveSchema", input: site },
  "siteCustomization.get": { needs: "site.view", input: site },
  "siteCustomization.update": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), customization: { styling: { theme: "muted" } } }) },
  "siteCustomization.getForSiteSpace": { needs: "site.view", input: (ids) => ({ ...site(ids), siteSpaceId: ids.siteSpaceId }) },
  "siteCustomization.overrideForSiteSpace": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), siteSpaceId: ids.siteSpaceId, customization: { styling: { theme: "bold" } } }) },
  "siteCustomization.resetForSiteSpace": { needs: "site.admin", mutates: true, input: (ids) => ({ ...site(ids), siteSpaceId: ids.siteSpaceId }) },
  "siteCustomization.preview": { needs: "site.view", input: (ids) => ({ ...site(ids), draftOf: "site", mode: "light", customization: { styling: { theme: "bold" } } }) },
  "siteStructure.get": { needs: "site.view", input: site },
  "siteStructure.addSection": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), spaceId: ids.siteContentSpaceId, title: "Made by the matrix", regroup: null }) },
  "siteStructure.updateSection": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), sectionId: ids.siteSectionId, title: "Renamed", condition: null }) },
  "siteStructure.removeSection": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), sectionId: ids.siteSectionId }) },
  "siteStructure.addSectionGroup": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), title: "Made", sections: [ids.lastSectionId] }) },
  "siteStructure.updateSectionGroup": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), sectionGroupId: ids.siteSectionGroupId, title: "Renamed" }) },
  "siteStructure.removeSectionGroup": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), sectionGroupId: ids.siteSectionGroupId }) },
  "siteStructure.addSectionToGroup": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), sectionGroupId: ids.siteSectionGroupId, sectionId: ids.lastSectionId }) },
  "siteStructure.removeSectionFromGroup": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), sectionGroupId: ids.siteSectionGroupId, sectionId: ids.groupedSectionId }) },
  "siteStructure.addSiteSpace": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), spaceId: ids.siteContentSpaceId }) },
  "siteStructure.updateSiteSpace": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), siteSpaceId: ids.siteSpaceId, title: "Renamed", path: "renamed" }) },
  "siteStructure.removeSiteSpace": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), siteSpaceId: ids.siteSpaceId }) },
  // The copy of the space goes where S2 is: creating content at the organization's root.
  "siteStructure.duplicateSiteSpace": { needs: "site.create", also: ["organization.createContent"], mutates: true, reordersSiblings: true, input: (ids) => ({ ...site(ids), siteSpaceId: ids.siteSpaceId }) },
  "siteStructure.setDefault": { needs: "site.create", mutates: true, input: (ids) => ({ ...site(ids), item: { type: "site-space", id: ids.otherSiteSpaceId } }) },
  "siteStructure.move": {
    needs: "site.create",
    mutates: true,
    input: (ids) => ({ ...site(ids), item: { type: "site-section", id: ids.lastSectionId }, position: { before: { type: "site-section-group", id: ids.siteSectionGroupId } } }),
  },

  // The Integrations area (server/policies/integration.ts, server/integrations/installations/access.ts): the world's
  // integration is private to its organization, whose members see it and whose admins administer it, install it
  // and configure its installation (an admin of the organization is an admin of each of its spaces and sites).
  "integrations.catalog": { needs: "organization.view", input: (ids) => ({ ...organization(ids), search: "matrix", category: "other" }), shows: ["organization B"] },
  "integrations.get": { needs: "organization.view", input: integration },
  "integrations.developerSettings": { needs: "organization.admin", input: integration },
  "integrations.setDevelopmentMode": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...integration(ids), tunnelUrl: "https://tunnel.example.com/matrix", all: true }) },
  "integrations.disableDevelopmentMode": { needs: "organization.admin", mutates: true, input: integration },
  "integrations.regenerateToken": { needs: "organization.admin", mutates: true, input: integration },
  "integrations.organizationInstallations": { needs: "organization.admin", input: (ids) => ({ ...organization(ids), search: "matrix" }) },
  // A fresh organization's integration is installed there already: installing again answers that installation as it is.
  "integrations.install": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...integration(ids), ...organization(ids), space_selection: "all" }) },
  "integrations.getInstallation": { needs: "organization.admin", input: installation },
  "integrations.updateInstallation": { needs: "organization.admin", mutates: true, input: (ids) => ({ ...installation(ids), site_selection: "all", configuration: {} }) },
  "integrations.uninstall": { needs: "organization.admin", mutates: true, invisibleIsDone: true, input: installation },
  "integrations.installationSpaces": { needs: "organization.admin", input: installation },
  // On a space or site of the installation's organization: one the caller does not see is not found, as any; then its admins alone.
  "integrations.installOnSpace": { needs: "organization.view", also: ["space.view", "organization.admin"], mutates: true, input: (ids) => ({ ...installation(ids), spaceId: ids.otherSpaceId }) },
  "integrations.updateSpaceInstallation": { needs: "organization.view", also: ["space.view", "organization.admin"], mutates: true, input: (ids) => ({ ...installation(ids), spaceId: ids.installedSpaceId, configuration: {} }) },
  "integrations.uninstallFromSpace": { needs: "organization.view", also: ["space.view", "organization.admin"], mutates: true, invisibleIsDone: true, input: (ids) => ({ ...installation(ids), spaceId: ids.installedSpaceId }) },
  "integrations.installationSites": { needs: "organization.admin", input: installation },
  "integrations.installOnSite": { needs: "organization.view", also: ["site.view", "organization.admin"], mutates: true, input: (ids) => ({ ...installation(ids), siteId: ids.otherSiteId }) },
  "integrations.updateSiteInstallation": { needs: "organization.view", also: ["site.view", "organization.admin"], mutates: true, input: (ids) => ({ ...installation(ids), siteId: ids.installedSiteId, configuration: {} }) },
  "integrations.uninstallFromSite": { needs: "organization.view", also: ["site.view", "organization.admin"], mutates: true, invisibleIsDone: true, input: (ids) => ({ ...installation(ids), siteId: ids.installedSiteId }) },
  "integrations.events": { needs: "organization.admin", input: integration },
  "integrations.event": { needs: "organization.admin", input: (ids) => ({ ...integration(ids), eventId: ids.integrationDeliveryId }) },
  "integrations.redeliver": { needs: "organization.admin", mutates: true, input: (ids) => ({ deliveryId: ids.integrationDeliveryId }) },
  "integrations.redeliverFailed": { needs: "organization.admin", mutates: true, input: integration },
  // What is installed on a space (its readers see it) and on a site (its viewers); B's integrations installed in A
  // are public, their owner, organization B, named in them for anyone to see.
  "integrations.spaceIntegrations": { needs: "space.view", input: space, shows: ["organization B"] },
  "integrations.siteIntegrations": { needs: "site.view", input: site, shows: ["organization B"] },
};

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" } }>).map(([path, procedure]) => ({ path, type: procedure._def.type }));
const CODES = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND" } as const;
const createCaller = createCallerFactory(appRouter);

let world: World;
const contexts = new Map<CallerName, { actor: Actor | null; baseUrl: string }>();

beforeAll(async () => {
  // Imports are recorded but never run here: no worker takes their jobs.
  world = await buildWorld({ importUrl: "https://docs.example.com/", imports: true });
  // The revoked caller's browser session began before its sessions were ended (as signing out everywhere does).
  const revoked = world.caller("revoked token");
  const version = (await db().user.findUniqueOrThrow({ where: { id: revoked.userId! } })).sessionVersion;
  await endSessions(db(), revoked.userId!);
  for (const caller of world.callers) contexts.set(caller.name, { actor: await sessionActor(caller, version), baseUrl: BASE_URL });
}, 120_000);

/** The actor a browser session of the caller's resolves to, as getSessionActor decides it (server/auth/next-auth.ts). */
async function sessionActor(caller: Caller, version: number): Promise<Actor | null> {
  // Integrations never sign in: their bot users have no password, and their tokens are for /v1 alone.
  if (!caller.userId || caller.integration) return null;
  return (await sessionIsCurrent(db(), caller.userId, version)) ? { userId: caller.userId, via: "session" } : null;
}

const covered = procedures.filter((procedure) => TABLE[procedure.path] && !isSkipped(procedure.path)).map((procedure) => procedure.path);
const procedureType = new Map(procedures.map((procedure) => [procedure.path, procedure.type]));
const changes = (path: string) => !!TABLE[path]!.mutates;
/** The queries of an organization's things, run again with A's single sign-on required. */
const reads = covered.filter((path) => !changes(path) && TABLE[path]!.needs !== "self");
/** The matrix's size for the closing note (procedures with a row; the first test fails unless that is all of them). */
export const trpcMatrixSize = () => ({ ...matrixSize(covered, (path) => TABLE[path]!.needs, PLACES), ssoRequiredCalls: reads.length * CALLERS.length });
const size = trpcMatrixSize();
console.log(
  `tRPC authorization matrix: ${size.operations} procedures × ${size.callers} callers = ${size.pairs} pairs, ${size.calls} calls over the places of each resource; then ${reads.length} queries × ${CALLERS.length} callers = ${size.ssoRequiredCalls} calls with A's single sign-on required.`,
);

test("every tRPC procedure has a row in the table, and every row is a procedure", () => {
  expect(procedures.filter((procedure) => !TABLE[procedure.path]).map((procedure) => procedure.path)).toEqual([]);
  const paths = new Set(procedures.map((procedure) => procedure.path));
  expect(Object.keys(TABLE).filter((path) => !paths.has(path))).toEqual([]);
});

test("a session that was ended is no session", () => {
  expect(contexts.get("revoked token")!.actor).toBeNull();
  expect(contexts.get("admin")!.actor).not.toBeNull();
});

/** Each (procedure, place) of a list of procedures, named for the test. */
const rowsOf = (paths: string[], places = (path: string) => PLACES[resourceOf(TABLE[path]!.needs)]) =>
  paths.flatMap((path) => places(path).map((place) => ({ path, place, name: `${path} (${procedureType.get(path)}) · ${place}` })));

// Queries first, so that they see the world as built, before fresh targets join it (and again with
// single sign-on required); then the mutations (tests/helpers/authorization/row.ts).
describe.concurrent("queries", () => {
  test.for(rowsOf(covered.filter((path) => !changes(path))))("$name", ({ path, place }, { expect }) => checkRow(path, place, expect, verdictFor));
});

/**
 * The queries again (one place per resource), with organization A's single sign-on required:
 * its members other than admins, here with password sessions, are refused on everything of A's
 * (server/policies/sso.ts; the model's verdictWithSsoRequired). A's switch is on only while this
 * block runs, alone.
 */
describe("with A's single sign-on required", () => {
  const setSso = (sso: boolean) => db().organization.update({ where: { id: world.target("organization", "A").ids.organizationId }, data: { sso } });
  beforeAll(() => setSso(true));
  afterAll(() => setSso(false));

  describe.concurrent("queries", () => {
    test.for(rowsOf(reads, (path) => PLACES[resourceOf(TABLE[path]!.needs)].slice(0, 1)))("$name", ({ path, place }, { expect }) => checkRow(path, place, expect, verdictWithSsoRequired));
  });
});

describe.concurrent("mutations", () => {
  test.for(rowsOf(covered.filter((path) => changes(path) && !TABLE[path]!.reordersSiblings)))("$name", ({ path, place }, { expect }) => checkRow(path, place, expect, verdictFor));
});
describe("mutations that reorder their siblings, one at a time", () => {
  test.for(rowsOf(covered.filter((path) => TABLE[path]!.reordersSiblings)))("$name", ({ path, place }, { expect }) => checkRow(path, place, expect, verdictFor));
});

/**
 * One row at one place: every caller's outcome the one its verdict gives, its result free of what
 * the caller may not see, and a refused change leaving its target as it was.
 */
async function checkRow(path: string, place: string, expect: ExpectStatic, verdictOf: typeof verdictFor) {
  const row = TABLE[path]!;
  const { actual, expected, explanation } = await runRow({
    world,
    row,
    place,
    callers: world.callers.map(sessionCaller),
    verdictOf,
    expectedAnswer: (verdict, success) => (success ? "resolved" : CODES[(verdict as { status: 401 | 403 | 404 }).status]),
    call: async (caller, target) => {
      const procedure = path.split(".").reduce<any>((node, key) => node[key], createCaller(contexts.get(caller.name)!));
      try {
        const value: unknown = await procedure(row.input?.(target.ids));
        return { answer: "resolved", ok: true, text: JSON.stringify(value) ?? "" };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const answer = error instanceof TRPCError ? error.code : `threw: ${message}`;
        return { answer, ok: false, text: message, ...(isSsoRefusal((error as Error).cause) ? { reason: "sso_required" } : {}), excerpt: `${answer}: ${message.slice(0, 300)}` };
      }
    },
  });
  expect(actual, explanation).toEqual(expected);
}
