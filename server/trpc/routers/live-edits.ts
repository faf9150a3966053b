import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { presentLiveEdit } from "../../presenters/live-edit";
import { applyLiveEdit } from "../../spaces/apply-live-edit";
import { liveEditAvailability } from "../../spaces/live-edit-availability";
import { liveEditInput } from "../../spaces/schemas-live-edit";
import { protectedProcedure, router } from "../init";

const spaceInput = z.object({ spaceId: entityIdSchema });

/** Editing a space's main content directly (spaces in live edit mode): whether one may, and the editor's saves. */
export const liveEditsRouter = router({
  availability: protectedProcedure.input(spaceInput).query(({ ctx, input }) => liveEditAvailability(ctx, input.spaceId)),
  save: protectedProcedure
    .input(spaceInput.extend(liveEditInput.shape))
    .mutation(async ({ ctx, input: { spaceId, ...edit } }) => presentLiveEdit(await applyLiveEdit(ctx, spaceId, edit), ctx.urls)),
});
