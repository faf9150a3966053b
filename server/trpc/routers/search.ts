import { entityIdSchema } from "../../ids";
import { searchEverywhere, searchEverywhereInput } from "../../search/search-everywhere";
import { protectedProcedure, router } from "../init";

/** The command palette's search: one service call over everything the caller can see. */
export const searchRouter = router({
  everywhere: protectedProcedure
    .input(searchEverywhereInput.extend({ organizationId: entityIdSchema }))
    .query(({ ctx, input: { organizationId, ...query } }) => searchEverywhere(ctx, organizationId, query)),
});
