import type { WebhookEventType } from "@/server/webhooks/event-types";

/** What each event type means, in the page's words: a Record, so a type without a label fails type-checking. */
const LABELS: Record<WebhookEventType, string> = {
  space_content_updated: "A space's content changed",
  space_visibility_updated: "A space's visibility changed",
  change_request_opened: "A change request was opened",
  change_request_merged: "A change request was merged",
  review_submitted: "A review was submitted",
  comment_posted: "A comment was posted",
  comment_reply_posted: "A reply was posted",
  comment_resolved: "A comment was resolved",
  member_joined: "A member joined",
  member_role_changed: "A member's role changed",
  member_removed: "A member was removed",
  permission_changed: "Access to an item changed",
  site_published: "A site was published",
  site_unpublished: "A site was unpublished",
  site_view: "A page of a site was viewed",
  page_feedback: "A reader rated a page",
  installation_setup: "An integration was installed or changed",
  installation_deleted: "An integration was uninstalled",
  space_installation_setup: "An integration was added to a space",
  space_installation_deleted: "An integration was removed from a space",
  site_installation_setup: "An integration was added to a site",
  site_installation_deleted: "An integration was removed from a site",
  ping: "A test event sent from this page",
};

/** The types as the form lists them, grouped by what they concern (every type, each once: tests/webhooks/event-types.unit.test.ts). */
export const EVENT_TYPE_GROUPS: { title: string; types: WebhookEventType[] }[] = [
  {
    title: "Content",
    types: ["space_content_updated", "space_visibility_updated", "change_request_opened", "change_request_merged", "review_submitted", "comment_posted", "comment_reply_posted", "comment_resolved"],
  },
  { title: "People and access", types: ["member_joined", "member_role_changed", "member_removed", "permission_changed"] },
  { title: "Docs sites", types: ["site_published", "site_unpublished", "site_view", "page_feedback"] },
  {
    title: "Integrations",
    types: ["installation_setup", "installation_deleted", "space_installation_setup", "space_installation_deleted", "site_installation_setup", "site_installation_deleted"],
  },
  { title: "Tests", types: ["ping"] },
];

export const eventTypeLabel = (type: string) => LABELS[type as WebhookEventType] ?? type;
