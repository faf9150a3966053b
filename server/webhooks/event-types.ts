import { REFERENCE_EVENT_TYPES } from "../integrations/events/types";

/**
 * Quire's own event types, beside the reference's: those server/integrations/events/from-domain-event.ts
 * records for webhooks alone (docs/events.md), and `ping`, sent only by a webhook's test send.
 */
const QUIRE_EVENT_TYPES = [
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
  "ping",
] as const;

/** A `task` is for the integration that queued it alone: no webhook receives one. */
type SubscribableReferenceType = Exclude<(typeof REFERENCE_EVENT_TYPES)[number], "task">;
export type WebhookEventType = SubscribableReferenceType | (typeof QUIRE_EVENT_TYPES)[number];

/**
 * The types a webhook may subscribe to: every type an organization's feed carries. One list, read by
 * the webhook schemas and the UI; tests/webhooks/event-types.unit.test.ts checks that every type the
 * feed records is in it.
 */
export const WEBHOOK_EVENT_TYPES: readonly [WebhookEventType, ...WebhookEventType[]] = [
  ...QUIRE_EVENT_TYPES,
  ...REFERENCE_EVENT_TYPES.filter((type): type is SubscribableReferenceType => type !== "task"),
];
