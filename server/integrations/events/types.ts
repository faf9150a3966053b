/**
 * The event types of the reference's `Event` union that Quire produces. Integrations receive these
 * alone: they are written against the reference (its SDK dispatches on these types, and their event
 * log, `IntegrationEvent.payload`, is that union). Quire's own types (docs/events.md) go to webhooks.
 */
export const REFERENCE_EVENT_TYPES = [
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
  "task",
] as const;
