import type { Db } from "../../db/client";
import type { CommittedEvent } from "../../events/subscriber";
import type { NewOrganizationEvent } from "./record";

/** The actions that may become typed events of the organization's feed. */
export const TYPED_EVENT_ACTIONS = [
  "space.content_edited",
  "space.content_imported",
  "space.template_applied",
  "change_request.merged",
  "space.updated",
  "change_request.created",
  "comment.posted",
  "comment_reply.posted",
  "comment.resolved",
  "review.submitted",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "grant.added",
  "grant.changed",
  "grant.removed",
  "site.published",
  "site.unpublished",
  "integration_installation.created",
  "integration_installation.updated",
  "integration_installation.deleted",
  "integration_space_installation.created",
  "integration_space_installation.updated",
  "integration_space_installation.deleted",
  "integration_site_installation.created",
  "integration_site_installation.updated",
  "integration_site_installation.deleted",
] as const;
export type TypedEventAction = (typeof TYPED_EVENT_ACTIONS)[number];

/**
 * The typed events (docs/events.md) a committed domain event becomes in the organization's feed: the
 * reference's event types where they exist (space_content_updated, space_visibility_updated, the
 * installation events) and Quire's documented types for the rest. Most actions (settings, the
 * audit-only ones) become none (`TYPED_EVENT_ACTIONS` lists those that may become some). Every typed
 * event carries the ids it is about; `eventId` and `type` are set by recordOrganizationEvents.
 */
export async function typedEventsFrom(tx: Db, event: CommittedEvent<TypedEventAction>): Promise<NewOrganizationEvent[]> {
  const base = { organizationId: event.organizationId, domainEventId: event.id };
  const spaceEvent = (type: string, spaceId: string, payload: Record<string, unknown>): NewOrganizationEvent => ({ ...base, type, spaceId, payload: { spaceId, ...payload } });
  const organizationEvent = (type: string, payload: Record<string, unknown>): NewOrganizationEvent => ({ ...base, type, payload: { organizationId: event.organizationId, ...payload } });
  // The revision the change made main, as recorded with it (the space may have moved on since).
  const contentUpdated = async (spaceId: string, revisionId: string) => [spaceEvent("space_content_updated", spaceId, { revisionId, updatedBy: await updatedBy(tx, event.actorUserId) })];
  /** An event about one installation (contract 2's payloads): to it alone, or to its integration once it is gone. */
  const installationEvent = (p: { installationId: string; integrationId: string }, type: string, payload: Record<string, unknown>): NewOrganizationEvent => ({
    ...base,
    type,
    installationId: p.installationId,
    integrationId: p.integrationId,
    payload: { installationId: p.installationId, ...payload },
  });

  switch (event.action) {
    case "space.content_edited":
    case "space.content_imported":
    case "space.template_applied": {
      const p = event.payload;
      // Imports and templates into a change request leave the space's main content as it was.
      return p.changeRequestId ? [] : contentUpdated(event.target.id, p.revision);
    }
    case "change_request.merged": {
      const p = event.payload;
      return [spaceEvent("change_request_merged", p.spaceId, { changeRequestId: p.changeRequestId, revisionId: p.revision }), ...(await contentUpdated(p.spaceId, p.revision))];
    }
    case "space.updated": {
      const p = event.payload;
      return p.visibility !== undefined && p.previousVisibility !== undefined && p.visibility !== p.previousVisibility
        ? [spaceEvent("space_visibility_updated", event.target.id, { previousVisibility: p.previousVisibility, visibility: p.visibility })]
        : [];
    }
    case "change_request.created":
      return [spaceEvent("change_request_opened", event.payload.spaceId, { changeRequestId: event.target.id, subject: event.payload.subject ?? null })];
    case "comment.posted": {
      const p = event.payload;
      return [spaceEvent("comment_posted", p.spaceId, { commentId: p.commentId, changeRequestId: p.changeRequestId ?? null, pageId: p.pageId ?? null })];
    }
    case "comment_reply.posted": {
      const p = event.payload;
      return [spaceEvent("comment_reply_posted", p.spaceId, { commentId: p.commentId, replyId: p.replyId, changeRequestId: p.changeRequestId ?? null })];
    }
    case "comment.resolved": {
      const p = event.payload;
      return [spaceEvent("comment_resolved", p.spaceId, { commentId: p.commentId, changeRequestId: p.changeRequestId ?? null })];
    }
    case "review.submitted": {
      const p = event.payload;
      return [spaceEvent("review_submitted", p.spaceId, { changeRequestId: p.changeRequestId, reviewId: p.reviewId, status: p.status })];
    }
    case "member.joined":
      return [organizationEvent("member_joined", { userId: event.target.id, role: event.payload.role ?? null })];
    case "member.role_changed":
      return [organizationEvent("member_role_changed", { userId: event.target.id, role: event.payload.to ?? null, previousRole: event.payload.from ?? null })];
    case "member.removed":
      return [organizationEvent("member_removed", { userId: event.target.id, previousRole: event.payload.role ?? null })];
    case "grant.added":
    case "grant.changed":
    case "grant.removed": {
      const p = event.payload;
      const payload = {
        organizationId: event.organizationId,
        target: { type: event.target.type, id: event.target.id },
        subject: { type: p.subject.type, id: p.subject.id },
        role: p.role ?? null,
        previousRole: p.previousRole ?? null,
      };
      if (event.target.type === "space") return [spaceEvent("permission_changed", event.target.id, payload)];
      if (event.target.type === "site") return [{ ...base, type: "permission_changed", siteId: event.target.id, payload: { siteId: event.target.id, ...payload } }];
      return [organizationEvent("permission_changed", payload)];
    }
    case "site.published":
    case "site.unpublished":
      return [{ ...base, type: event.action === "site.published" ? "site_published" : "site_unpublished", siteId: event.target.id, payload: { siteId: event.target.id, visibility: event.payload.visibility } }];
    case "integration_installation.created":
    case "integration_installation.updated":
      return [installationEvent(event.payload, "installation_setup", { status: event.payload.status, ...previousState(event.payload) })];
    case "integration_installation.deleted":
      return [installationEvent(event.payload, "installation_deleted", { previous: configurationOnly(event.payload) })];
    case "integration_space_installation.created":
    case "integration_space_installation.updated":
      return [installationEvent(event.payload, "space_installation_setup", { spaceId: event.payload.spaceId, status: event.payload.status, ...previousState(event.payload) })];
    case "integration_space_installation.deleted":
      return [installationEvent(event.payload, "space_installation_deleted", { spaceId: event.payload.spaceId, previous: configurationOnly(event.payload) })];
    case "integration_site_installation.created":
    case "integration_site_installation.updated":
      return [installationEvent(event.payload, "site_installation_setup", { siteId: event.payload.siteId, status: event.payload.status, ...previousState(event.payload) })];
    case "integration_site_installation.deleted":
      return [installationEvent(event.payload, "site_installation_deleted", { siteId: event.payload.siteId, previous: configurationOnly(event.payload) })];
  }
}

type InstallationState = { previous?: { status?: string; configuration?: unknown } };

function previousState(p: InstallationState): Record<string, unknown> {
  return p.previous ? { previous: { status: p.previous.status, ...(p.previous.configuration ? { configuration: p.previous.configuration } : {}) } } : {};
}

function configurationOnly(p: InstallationState): Record<string, unknown> {
  return p.previous?.configuration ? { configuration: p.previous.configuration } : {};
}

/**
 * The reference's `updatedBy`: who made the change, as they were then, without their email (receivers
 * may be another organization's integration) and without URLs: the event holds none, each user's
 * `urls` are added where the event is shown (server/presenters/organization-event.ts).
 */
async function updatedBy(tx: Db, userId: string | null) {
  const user = userId ? await tx.user.findUnique({ where: { id: userId }, select: { id: true, displayName: true, photoURL: true } }) : null;
  if (!user) return [];
  return [{ object: "user", id: user.id, displayName: user.displayName, ...(user.photoURL ? { photoURL: user.photoURL } : {}) }];
}
