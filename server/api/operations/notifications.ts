import { z } from "zod";
import { listNotifications, markNotificationsRead, markReadInput } from "../../notifications/inbox";
import { listParams } from "../../pagination";
import { defineOperation } from "../operation";

/** Quire's extensions (the reference has no notifications): the caller's inbox. */
export const notificationOperations = [
  defineOperation({
    operationId: "listUserNotifications",
    method: "GET",
    path: "/v1/user/notifications",
    query: listParams.extend({ unread: z.enum(["true", "false"]).transform((value) => value === "true").optional() }),
    handler: (c) => listNotifications(c, c.query),
  }),
  defineOperation({
    operationId: "markUserNotificationsRead",
    method: "POST",
    path: "/v1/user/notifications/read",
    body: markReadInput,
    handler: (c) => markNotificationsRead(c, c.body),
  }),
];
