import { z } from "zod";

/*
 * The catalog of domain actions: every action the domain-event record knows, with the label the
 * audit log shows for it and the schema of its payload. A write records its events under these alone
 * (`events.record` is typed by the catalog: a payload of the wrong shape does not compile, and outside
 * production the recorder checks it against its schema too), and subscribers (server/events/subscribers.ts)
 * read payloads typed by it. The list the audit log offers (`listOrganizationAuditEventActions`) is
 * complete by construction.
 *
 * Payloads a subscriber reads are declared field by field (more may ride along: the audit log shows
 * them); the audit-only actions' details are free-form.
 */

/** Details only the audit log shows. */
const details = z.record(z.string(), z.unknown());

const id = z.string();
const optionalId = id.nullable().optional();
/** What a discussion event names: its space, and its change request when it is on one. */
const inSpace = { spaceId: id, changeRequestId: optionalId };
const mentioned = { mentions: z.array(id).optional(), excerpt: z.string().optional() };

/** A write of a space's content; `revision` is what it wrote (the main revision, without `changeRequestId`). */
const contentChanged = z.looseObject({ revision: id, changeRequestId: id.optional() });
/** A template applied to an empty space (its new main revision) or to a change request. */
const templateApplied = z.looseObject({ template: id, revision: id, changeRequestId: id.optional() });
/** `visibility` and `previousVisibility` when the visibility was set. */
const spaceUpdated = z.looseObject({ visibility: z.string().optional(), previousVisibility: z.string().optional() });
const changeRequestCreated = z.looseObject({ spaceId: id, subject: z.string().nullable().optional() });
/** `revision`: the space's main revision the merge made. */
const changeRequestMerged = z.looseObject({ spaceId: id, changeRequestId: id, revision: id });
const commentEvent = z.looseObject({ ...inSpace, commentId: id });
const commentPosted = z.looseObject({ ...inSpace, commentId: id, pageId: optionalId, ...mentioned });
const commentEdited = z.looseObject({ ...inSpace, commentId: id, pageId: optionalId, ...mentioned });
const replyPosted = z.looseObject({ ...inSpace, commentId: id, replyId: id, ...mentioned });
const replyEdited = z.looseObject({ ...inSpace, commentId: id, replyId: id.optional(), ...mentioned });
const reviewSubmitted = z.looseObject({ spaceId: id, changeRequestId: id, reviewId: id, status: z.string() });
const reviewRequested = z.looseObject({ spaceId: id, changeRequestId: id, users: z.array(id) });
const reviewRequestRemoved = z.looseObject({ spaceId: id, changeRequestId: optionalId, userId: id.optional() });
const sitePublication = z.looseObject({ siteId: id, visibility: z.string() });
const memberJoined = z.looseObject({ role: z.string().nullable().optional() });
const memberRoleChanged = z.looseObject({ from: z.string().nullable().optional(), to: z.string().nullable().optional() });
const memberRemoved = z.looseObject({ role: z.string().nullable().optional() });
const grantChange = z.looseObject({
  subject: z.looseObject({ type: z.string(), id, label: z.string().nullable().optional() }),
  role: z.string().nullable(),
  previousRole: z.string().nullable().optional(),
});
/** An installation's change (server/integrations/installations/records.ts); `previous` is its state before an update. */
const installation = {
  integrationId: id,
  integrationName: z.string(),
  installationId: id,
  status: z.string().optional(),
  previous: z.looseObject({ status: z.string().optional(), configuration: z.unknown().optional() }).optional(),
};
const installationChange = z.looseObject(installation);
const spaceInstallationChange = z.looseObject({ ...installation, spaceId: id });
const siteInstallationChange = z.looseObject({ ...installation, siteId: id });

export const EVENT_CATALOG = {
  "organization.updated": { label: "Organization settings changed", payload: details },
  "organization.deleted": { label: "Organization deleted", payload: details },
  "organization.restored": { label: "Organization restored", payload: details },
  "collection.created": { label: "Collection created", payload: details },
  "collection.updated": { label: "Collection changed", payload: details },
  "collection.moved": { label: "Collection moved", payload: details },
  "collection.transferred": { label: "Collection transferred", payload: details },
  "collection.deleted": { label: "Collection deleted", payload: details },
  "space.created": { label: "Space created", payload: details },
  "space.updated": { label: "Space settings changed", payload: spaceUpdated },
  "space.moved": { label: "Space moved", payload: details },
  "space.transferred": { label: "Space transferred", payload: details },
  "space.duplicated": { label: "Space duplicated", payload: details },
  "space.deleted": { label: "Space deleted", payload: details },
  "space.restored": { label: "Space restored", payload: details },
  "space.content_edited": { label: "Space content edited", payload: contentChanged },
  "space.template_applied": { label: "Template applied", payload: templateApplied },
  "space.content_imported": { label: "Website imported", payload: contentChanged },
  "change_request.created": { label: "Change request opened", payload: changeRequestCreated },
  "change_request.updated": { label: "Change request changed", payload: details },
  "change_request.content_edited": { label: "Change request content edited", payload: details },
  "change_request.updated_from_main": { label: "Change request updated from main", payload: details },
  "change_request.merged": { label: "Change request merged", payload: changeRequestMerged },
  "comment.posted": { label: "Comment posted", payload: commentPosted },
  "comment.edited": { label: "Comment edited", payload: commentEdited },
  "comment.resolved": { label: "Comment resolved", payload: commentEvent },
  "comment.reopened": { label: "Comment reopened", payload: commentEvent },
  "comment.reactions_changed": { label: "Comment reactions changed", payload: details },
  "comment.deleted": { label: "Comment deleted", payload: details },
  "comment_reply.posted": { label: "Reply posted", payload: replyPosted },
  "comment_reply.edited": { label: "Reply edited", payload: replyEdited },
  "comment_reply.reactions_changed": { label: "Reply reactions changed", payload: details },
  "comment_reply.deleted": { label: "Reply deleted", payload: details },
  "conversation.updated": { label: "Conversation renamed", payload: details },
  "conversation.deleted": { label: "Conversation deleted", payload: details },
  "review.submitted": { label: "Review submitted", payload: reviewSubmitted },
  "review.requested": { label: "Review requested", payload: reviewRequested },
  "review.request_removed": { label: "Review request removed", payload: reviewRequestRemoved },
  "merge_rules.updated": { label: "Merge rules changed", payload: details },
  "site.created": { label: "Site created", payload: details },
  "site.updated": { label: "Site settings changed", payload: details },
  "site.deleted": { label: "Site deleted", payload: details },
  "site.published": { label: "Site published", payload: sitePublication },
  "site.unpublished": { label: "Site unpublished", payload: sitePublication },
  "site.adaptive_schema_updated": { label: "Site visitor schema changed", payload: details },
  "site.customization_updated": { label: "Site customization changed", payload: details },
  "site.publishing_auth_updated": { label: "Site visitor authentication changed", payload: details },
  "site.publishing_auth_regenerated": { label: "Site visitor authentication key regenerated", payload: details },
  "site.structure_sorted": { label: "Site structure reordered", payload: details },
  "site_section.added": { label: "Site section added", payload: details },
  "site_section.updated": { label: "Site section changed", payload: details },
  "site_section.removed": { label: "Site section removed", payload: details },
  "site_section_group.added": { label: "Site section group added", payload: details },
  "site_section_group.updated": { label: "Site section group changed", payload: details },
  "site_section_group.removed": { label: "Site section group removed", payload: details },
  "site_space.added": { label: "Space added to a site", payload: details },
  "site_space.updated": { label: "Site space changed", payload: details },
  "site_space.removed": { label: "Space removed from a site", payload: details },
  "site_space.duplicated": { label: "Site space duplicated", payload: details },
  "site_space.customization_updated": { label: "Site space customization changed", payload: details },
  "site_share_link.created": { label: "Share link created", payload: details },
  "site_share_link.updated": { label: "Share link changed", payload: details },
  "site_share_link.deleted": { label: "Share link deleted", payload: details },
  "site_redirects.changed": { label: "Site redirects changed", payload: details },
  "custom_font.created": { label: "Custom font added", payload: details },
  "custom_font.updated": { label: "Custom font changed", payload: details },
  "custom_font.deleted": { label: "Custom font deleted", payload: details },
  "team.created": { label: "Team created", payload: details },
  "team.renamed": { label: "Team renamed", payload: details },
  "team.deleted": { label: "Team deleted", payload: details },
  "team.members_changed": { label: "Team members changed", payload: details },
  "grant.added": { label: "Access granted", payload: grantChange },
  "grant.changed": { label: "Access changed", payload: grantChange },
  "grant.removed": { label: "Access removed", payload: grantChange },
  "sso.provider_created": { label: "SAML provider added", payload: details },
  "sso.provider_updated": { label: "SAML provider changed", payload: details },
  "sso.provider_deleted": { label: "SAML provider removed", payload: details },
  "member.joined": { label: "Member joined", payload: memberJoined },
  "member.sso_enabled": { label: "Single sign-on allowed for a member", payload: details },
  "member.sso_disabled": { label: "Single sign-on removed from a member", payload: details },
  "user.password_changed": { label: "Password changed", payload: details },
  "organization.email_domain_verified": { label: "Email domain verified", payload: details },
  "member.invited": { label: "Member invited", payload: details },
  "member.invite_emailed": { label: "Invitation emailed", payload: details },
  "member.invite_revoked": { label: "Invitation revoked", payload: details },
  "member.role_changed": { label: "Member role changed", payload: memberRoleChanged },
  "member.removed": { label: "Member removed", payload: memberRemoved },
  "member.profile_updated": { label: "Member profile changed", payload: details },
  "member.password_reset": { label: "Member's password reset", payload: details },
  "member.sessions_ended": { label: "Member's sessions ended", payload: details },
  "invite_link.created": { label: "Invite link created", payload: details },
  "invite_link.updated": { label: "Invite link role changed", payload: details },
  "invite_link.deleted": { label: "Invite link deleted", payload: details },
  "integration.published": { label: "Integration published", payload: details },
  "integration.unpublished": { label: "Integration unpublished", payload: details },
  "integration.token_regenerated": { label: "Integration token regenerated", payload: details },
  "integration.development_mode_changed": { label: "Integration development mode changed", payload: details },
  "integration_installation.created": { label: "Integration installed", payload: installationChange },
  "integration_installation.updated": { label: "Integration installation changed", payload: installationChange },
  "integration_installation.deleted": { label: "Integration uninstalled", payload: installationChange },
  "integration_space_installation.created": { label: "Integration installed on a space", payload: spaceInstallationChange },
  "integration_space_installation.updated": { label: "Integration installation on a space changed", payload: spaceInstallationChange },
  "integration_space_installation.deleted": { label: "Integration uninstalled from a space", payload: spaceInstallationChange },
  "integration_site_installation.created": { label: "Integration installed on a site", payload: siteInstallationChange },
  "integration_site_installation.updated": { label: "Integration installation on a site changed", payload: siteInstallationChange },
  "integration_site_installation.deleted": { label: "Integration uninstalled from a site", payload: siteInstallationChange },
  "webhook.created": { label: "Webhook added", payload: details },
  "webhook.updated": { label: "Webhook changed", payload: details },
  "webhook.deleted": { label: "Webhook removed", payload: details },
  "event_delivery.redelivered": { label: "Event delivery sent again", payload: details },
} as const satisfies Record<string, { label: string; payload: z.ZodType<Record<string, unknown>> }>;

export type EventAction = keyof typeof EVENT_CATALOG;

/** Every action, for a subscriber that takes them all (live updates). */
export const EVENT_ACTIONS = Object.keys(EVENT_CATALOG) as EventAction[];

/** The payload a producer gives an action (a union of payloads for a union of actions). */
export type EventPayload<A extends EventAction> = A extends EventAction ? z.input<(typeof EVENT_CATALOG)[A]["payload"]> : never;

/** The label the audit log shows for an action. */
export function eventActionLabel(action: EventAction): string {
  return EVENT_CATALOG[action].label;
}

/** Checks a payload against its action's schema: a producer's drift from the catalog fails its write (outside production). */
export function assertEventPayload(action: EventAction, payload: Record<string, unknown>): void {
  const checked = EVENT_CATALOG[action].payload.safeParse(payload);
  if (!checked.success) throw new Error(`The payload of a ${action} event does not match the catalog: ${z.prettifyError(checked.error)}`);
}
