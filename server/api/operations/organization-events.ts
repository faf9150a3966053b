import { feedQuery, listOrganizationEvents } from "../../webhooks/feed";
import { organizationPath } from "../../webhooks/schemas";
import { eventUrls } from "../../http/urls";
import { presentEventPayload } from "../../presenters/organization-event";
import { defineOperation } from "../operation";

/**
 * The organization's event feed (Quire's own, not in the reference; README "Webhooks and the event
 * feed"): `after` (or `page`) a cursor, `limit` → `{ items: [{ object: "organization-event", id,
 * type, cursor, createdAt, payload }], next?: { page } }` in position order, kept 30 days. A
 * consumer resumes from the last `cursor` it handled and gets exactly the events it missed; a
 * cursor past retention is a 400 with `details.reason` "cursor_expired". Organization admins only.
 * Each payload reads as webhooks received it: on the events' URLs (eventUrls), not the request's.
 */
export const organizationEventOperations = [
  defineOperation({
    operationId: "listOrganizationEvents",
    method: "GET",
    path: "/v1/orgs/{organizationId}/events",
    params: organizationPath,
    query: feedQuery,
    handler: async (c) => {
      const page = await listOrganizationEvents(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((event) => ({ ...event, payload: presentEventPayload(event.payload as Record<string, unknown>, eventUrls()) })) };
    },
  }),
];
