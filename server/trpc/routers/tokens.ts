import { z } from "zod";
import { createApiToken, createApiTokenInput } from "../../tokens/create-api-token";
import { listApiTokens } from "../../tokens/list-api-tokens";
import { revokeApiToken } from "../../tokens/revoke-api-token";
import { protectedProcedure, router } from "../init";

export const tokensRouter = router({
  list: protectedProcedure.query(({ ctx }) => listApiTokens(ctx.actor)),
  create: protectedProcedure.input(createApiTokenInput).mutation(({ ctx, input }) => createApiToken(ctx.actor, input)),
  revoke: protectedProcedure.input(z.object({ tokenId: z.string() })).mutation(({ ctx, input }) => revokeApiToken(ctx.actor, input.tokenId)),
});
