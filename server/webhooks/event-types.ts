/**
 * The event types an organization's feed carries and a webhook may subscribe to (the reference's
 * `Event` variants Quire records for an organization, and Quire's `ping`, sent only by a test send).
 * docs/events.md describes each payload. One list, read by the webhook schemas and the UI; the
 * event-feed code that records them is the place to add a type here.
 */
export const WEBHOOK_EVENT_TYPES = [
  "installation_setup",
  "installation_deleted",
  "space_installation_setup",
  "space_installation_deleted",
  "site_installation_setup",
  "site_installation_deleted",
  "space_content_updated",
  "space_visibility_updated",
  "site_view",
  "page_feedback",
  "ping",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
