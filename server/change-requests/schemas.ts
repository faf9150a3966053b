import { z } from "zod";
import { entityIdSchema } from "../ids";
import { listParams } from "../pagination";

export const changeRequestStatusSchema = z.enum(["draft", "open", "archived", "merged"]);

/** `{changeRequestId}` in paths: the id, or the number within the space. */
export const changeRequestRefSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "must be a change request id or number");

export const createChangeRequestInput = z.object({
  subject: z.string().trim().max(100).optional(),
  agentTaskId: z.string().max(64).optional(),
});

export const updateChangeRequestInput = z.object({
  subject: z.string().trim().max(100).optional(),
  status: z.enum(["draft", "open", "archived"]).optional(),
});

export const listChangeRequestsParams = listParams.extend({
  status: changeRequestStatusSchema.default("open"),
  creator: entityIdSchema.optional(),
  contributor: entityIdSchema.optional(),
});

export type CreateChangeRequestInput = z.infer<typeof createChangeRequestInput>;
export type UpdateChangeRequestInput = z.infer<typeof updateChangeRequestInput>;
export type ListChangeRequestsParams = z.infer<typeof listChangeRequestsParams>;
