/**
 * The event types an organization's feed carries and a webhook may subscribe to: those
 * server/integrations/events/from-domain-event.ts and the site insights record (the reference's
 * `Event` variants and Quire's own), and `ping`, sent only by a test send. docs/events.md describes
 * each payload. One list, read by the webhook schemas and the UI: a new type recorded for an
 * organization is added here too (tests/webhooks/event-types.test.ts checks the recorder's).
 */
export const WEBHOOK_EVENT_TYPES = [
  "space_content_updated",
  "space_visibility_updated",
  "change_request_opened",
  "change_request_merged",
  "review_submitted",
  "comment_posted",
  "comment_reply_posted",
  "comment_resolved",
  "member_joined",
  "member_role_changed",
  "member_removed",
  "permission_changed",
  "site_published",
  "site_unpublished",
  "site_view",
  "page_feedback",
  "installation_setup",
  "installation_deleted",
  "space_installation_setup",
  "space_installation_deleted",
  "site_installation_setup",
  "site_installation_deleted",
  "ping",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
