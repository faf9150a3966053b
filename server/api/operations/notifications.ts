import { z } from "zod";
import { notificationQuery } from "../../notifications/inbox";
import { listNotifications } from "../../notifications/list-notifications";
import { markNotificationsRead, markReadInput } from "../../notifications/mark-notifications-read";
import { listParams } from "../../pagination";
import { presentNotification } from "../../presenters/notification";
import { defineOperation } from "../operation";

/** Quire's extensions (the reference has no notifications): the caller's inbox. */
export const notificationOperations = [
  defineOperation({
    operationId: "listUserNotifications",
    method: "GET",
    path: "/v1/user/notifications",
    // `?unread=true`, `?filter=mentions|comments|reviews`, `?space=<id>`: the inbox page's filters.
    query: listParams.extend({ ...notificationQuery.shape, unread: z.enum(["true", "false"]).transform((value) => value === "true").optional() }),
    handler: async (c) => {
      const page = await listNotifications(c, c.query);
      return { ...page, items: page.items.map((row) => presentNotification(row, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "markUserNotificationsRead",
    method: "POST",
    path: "/v1/user/notifications/read",
    body: markReadInput,
    handler: (c) => markNotificationsRead(c, c.body),
  }),
];
