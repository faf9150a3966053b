import type { Db } from "../../db/client";
import type { ChangeEvent } from "../../events/record-event";
import { presentUser } from "../../presenters/user";
import type { NewOrganizationEvent } from "./record";

/**
 * The typed events (docs/events.md) a domain event becomes in the organization's feed: the
 * reference's event types where they exist (space_content_updated, space_visibility_updated, the
 * installation events) and Quire's documented types for the rest. Most actions (settings, the
 * audit-only ones) become none. Every typed event carries the ids it is about; `eventId` and `type`
 * are set by recordOrganizationEvents.
 */
export async function typedEventsFrom(tx: Db, domainEventId: string, event: ChangeEvent, userId: string, baseUrl: string): Promise<NewOrganizationEvent[]> {
  const p = (event.payload ?? {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const base = { organizationId: event.organizationId, domainEventId };
  const spaceEvent = (type: string, spaceId: string, payload: Record<string, unknown>): NewOrganizationEvent => ({ ...base, type, spaceId, payload: { spaceId, ...payload } });
  const organizationEvent = (type: string, payload: Record<string, unknown>): NewOrganizationEvent => ({ ...base, type, payload: { organizationId: event.organizationId, ...payload } });
  const contentUpdated = async (spaceId: string) => [spaceEvent("space_content_updated", spaceId, { revisionId: await mainRevision(tx, spaceId), updatedBy: await updatedBy(tx, userId, baseUrl) })];

  switch (event.action) {
    case "space.content_edited":
    case "space.content_imported":
    case "space.template_applied":
      // Imports and templates into a change request leave the space's main content as it was.
      return p.changeRequestId ? [] : contentUpdated(event.target.id);
    case "change_request.merged":
      return [spaceEvent("change_request_merged", p.spaceId, { changeRequestId: p.changeRequestId, revisionId: p.revision }), ...(await contentUpdated(p.spaceId))];
    case "space.updated":
      return p.visibility !== undefined && p.previousVisibility !== undefined && p.visibility !== p.previousVisibility
        ? [spaceEvent("space_visibility_updated", event.target.id, { previousVisibility: p.previousVisibility, visibility: p.visibility })]
        : [];
    case "change_request.created":
      return [spaceEvent("change_request_opened", p.spaceId, { changeRequestId: event.target.id, subject: p.subject ?? null })];
    case "comment.posted":
      return [spaceEvent("comment_posted", p.spaceId, { commentId: p.commentId, changeRequestId: p.changeRequestId ?? null, pageId: p.pageId ?? null })];
    case "comment_reply.posted":
      return [spaceEvent("comment_reply_posted", p.spaceId, { commentId: p.commentId, replyId: p.replyId, changeRequestId: p.changeRequestId ?? null })];
    case "comment.resolved":
      return [spaceEvent("comment_resolved", p.spaceId, { commentId: p.commentId, changeRequestId: p.changeRequestId ?? null })];
    case "review.submitted":
      return [spaceEvent("review_submitted", p.spaceId, { changeRequestId: p.changeRequestId, reviewId: p.reviewId, status: p.status })];
    case "member.joined":
      return [organizationEvent("member_joined", { userId: event.target.id, role: p.role ?? null })];
    case "member.role_changed":
      return [organizationEvent("member_role_changed", { userId: event.target.id, role: p.to ?? null, previousRole: p.from ?? null })];
    case "member.removed":
      return [organizationEvent("member_removed", { userId: event.target.id, previousRole: p.role ?? null })];
    case "grant.added":
    case "grant.changed":
    case "grant.removed": {
      const payload = {
        organizationId: event.organizationId,
        target: { type: event.target.type, id: event.target.id },
        subject: { type: p.subject?.type, id: p.subject?.id },
        role: p.role ?? null,
        previousRole: p.previousRole ?? null,
      };
      if (event.target.type === "space") return [spaceEvent("permission_changed", event.target.id, payload)];
      if (event.target.type === "site") return [{ ...base, type: "permission_changed", siteId: event.target.id, payload: { siteId: event.target.id, ...payload } }];
      return [organizationEvent("permission_changed", payload)];
    }
    case "site.published":
    case "site.unpublished":
      return [{ ...base, type: event.action === "site.published" ? "site_published" : "site_unpublished", siteId: event.target.id, payload: { siteId: event.target.id, visibility: p.visibility } }];
    case "integration_installation.created":
    case "integration_installation.updated":
      return [installationEvent("installation_setup", { status: p.status, ...previousState(p) })];
    case "integration_installation.deleted":
      return [installationEvent("installation_deleted", { previous: configurationOnly(p) })];
    case "integration_space_installation.created":
    case "integration_space_installation.updated":
      return [installationEvent("space_installation_setup", { spaceId: p.spaceId, status: p.status, ...previousState(p) })];
    case "integration_space_installation.deleted":
      return [installationEvent("space_installation_deleted", { spaceId: p.spaceId, previous: configurationOnly(p) })];
    case "integration_site_installation.created":
    case "integration_site_installation.updated":
      return [installationEvent("site_installation_setup", { siteId: p.siteId, status: p.status, ...previousState(p) })];
    case "integration_site_installation.deleted":
      return [installationEvent("site_installation_deleted", { siteId: p.siteId, previous: configurationOnly(p) })];
    default:
      return [];
  }

  /** An event about one installation (contract 2's payloads): to it alone, or to its integration once it is gone. */
  function installationEvent(type: string, payload: Record<string, unknown>): NewOrganizationEvent {
    return { ...base, type, installationId: p.installationId, integrationId: p.integrationId, payload: { installationId: p.installationId, ...payload } };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function previousState(p: Record<string, any>): Record<string, unknown> {
  return p.previous ? { previous: { status: p.previous.status, ...(p.previous.configuration ? { configuration: p.previous.configuration } : {}) } } : {};
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function configurationOnly(p: Record<string, any>): Record<string, unknown> {
  return p.previous?.configuration ? { configuration: p.previous.configuration } : {};
}

async function mainRevision(tx: Db, spaceId: string): Promise<string | null> {
  const space = await tx.space.findUnique({ where: { id: spaceId }, select: { revisionId: true } });
  return space?.revisionId ?? null;
}

/** The reference's `updatedBy`: who made the change, without their email (receivers may be another organization's integration). */
async function updatedBy(tx: Db, userId: string, baseUrl: string) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true, displayName: true, email: true, photoURL: true } });
  if (!user) return [];
  const { email: _email, ...presented } = presentUser(user, baseUrl);
  return [presented];
}
