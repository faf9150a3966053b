import { isIP } from "node:net";
import { z } from "zod";
import { entityIdSchema } from "../ids";
import { isPublicAddress } from "../net/ip-ranges";
import { fetchAllowlist } from "../net/safe-fetch";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;

/**
 * Why a webhook URL can never be delivered to, or null. The address a host name resolves to is
 * checked at each delivery (server/net/safe-fetch.ts); here only what is wrong whatever DNS says:
 * another scheme, credentials (they would be sent to the receiver and stored in clear), a
 * fragment, and a literal private address or `localhost` not in `QUIRE_FETCH_ALLOWLIST`.
 */
export function webhookUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https URL";
  if (url.username || url.password) return "must not carry a user name or password: the signature authenticates Quire";
  if (url.hash) return "must not have a #fragment (it is never sent)";
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowlist = fetchAllowlist();
  if (allowlist.includes(host)) return null;
  if (host === "localhost" || host.endsWith(".localhost")) return "must be reachable from the internet, not localhost";
  if (isIP(host) && !isPublicAddress(host)) return `must be reachable from the internet: ${host} is a private or reserved address`;
  return null;
}

const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "required")
  .max(MAX_WEBHOOK_URL_LENGTH)
  .superRefine((url, context) => {
    const problem = webhookUrlProblem(url);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)].sort());

export const createWebhookInput = z.object({
  url: webhookUrlSchema,
  description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).default(""),
  /** Empty or absent: every type. */
  eventTypes: eventTypesSchema.default([]),
  active: z.boolean().default(true),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

export const updateWebhookInput = z.object({
  url: webhookUrlSchema.optional(),
  description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).optional(),
  eventTypes: eventTypesSchema.optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhookInput = z.infer<typeof updateWebhookInput>;

export const organizationPath = z.object({ organizationId: entityIdSchema });
export const webhookPath = organizationPath.extend({ webhookId: entityIdSchema });
export const deliveryPath = webhookPath.extend({ deliveryId: entityIdSchema });

export const DELIVERY_STATUSES = ["pending", "success", "failed"] as const;
