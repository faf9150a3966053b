import { z } from "zod";
import { entityIdSchema } from "../../ids";

/** What readers of a published site send: a page view (the beacon of site.js) and "was this page helpful?". */

/** Larger bodies are refused while they are read: a beacon or the feedback form is far below it. */
export const INSIGHTS_BODY_LIMIT = 2 * 1024;

export const FEEDBACK_COMMENT_MAX = 512;

/** The reference's PageFeedbackRating, worst first. */
export const FEEDBACK_RATINGS = ["bad", "ok", "good"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

const pageRef = { siteSpaceId: entityIdSchema, pageId: entityIdSchema };

export const pageViewInput = z.object({ type: z.literal("page_view"), ...pageRef });
export type PageViewInput = z.infer<typeof pageViewInput>;

export const pageFeedbackInput = z.object({
  ...pageRef,
  rating: z.enum(FEEDBACK_RATINGS),
  // An empty comment box is no comment; the column refuses "" (1 to 512 characters).
  comment: z
    .string()
    .max(FEEDBACK_COMMENT_MAX * 4)
    .transform((text) => text.trim())
    .pipe(z.string().max(FEEDBACK_COMMENT_MAX, `At most ${FEEDBACK_COMMENT_MAX} characters`))
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type PageFeedbackInput = z.input<typeof pageFeedbackInput>;

/** The owners' window: the last `days` UTC days, today included. */
export const INSIGHTS_DAYS_MAX = 90;
export const insightsDays = z.number().int().min(1).max(INSIGHTS_DAYS_MAX).default(30);
