import { z } from "zod";

/** Up to 100 events a page (the reference's bound), 20 by default. */
export const listAuditEventsParams = z.object({
  page: z.string().max(200).optional(),
  limit: z
    .string()
    .regex(/^[0-9]+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .default(20),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  action: z.string().max(100).optional(),
  actor: z.string().max(100).optional(),
  target: z.string().max(100).optional(),
});
export type ListAuditEventsParams = z.infer<typeof listAuditEventsParams>;

export const auditEventIdSchema = z.uuid();
