import { z } from "zod";
import { listSiteFeedback } from "../../sites/insights/list-site-feedback";
import { siteInsightsSummary } from "../../sites/insights/site-insights-summary";
import { insightsDays } from "../../sites/insights/schemas";
import { sitePath } from "../../sites/schemas";
import { protectedProcedure, router } from "../init";

/** What a site's readers did, for its owners (the site's `view`): views, top pages and feedback. */
export const siteInsightsRouter = router({
  summary: protectedProcedure
    .input(sitePath.extend({ days: insightsDays }))
    .query(({ ctx, input: { organizationId, siteId, days } }) => siteInsightsSummary(ctx, organizationId, siteId, { days })),
  feedback: protectedProcedure
    .input(sitePath.extend({ cursor: z.string().max(1000).optional() }))
    .query(({ ctx, input: { organizationId, siteId, cursor } }) => listSiteFeedback(ctx, organizationId, siteId, { cursor })),
});
