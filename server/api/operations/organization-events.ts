import { feedQuery, listOrganizationEvents } from "../../webhooks/feed";
import { organizationPath } from "../../webhooks/schemas";
import { defineOperation } from "../operation";

/**
 * The organization's event feed (Quire's own, not in the reference; README "Webhooks and the event
 * feed"): `after` (or `page`) a cursor, `limit` → `{ items: [{ object: "organization-event", id,
 * type, cursor, createdAt, payload }], next?: { page } }` in position order, kept 30 days. A
 * consumer resumes from the last `cursor` it handled and gets exactly the events it missed; a
 * cursor past retention is a 400 with `details.reason` "cursor_expired". Organization admins only.
 */
export const organizationEventOperations = [
  defineOperation({
    operationId: "listOrganizationEvents",
    method: "GET",
    path: "/v1/orgs/{organizationId}/events",
    params: organizationPath,
    query: feedQuery,
    handler: (c) => listOrganizationEvents(c, c.params.organizationId, c.query),
  }),
];
