import { z } from "zod";
import { explainAccess } from "../../grants/explain-access";
import { inviteToContent } from "../../grants/invite-to-content";
import { listAccessAggregate } from "../../grants/list-access-aggregate";
import { listTeamGrants, listUserGrants } from "../../grants/queries";
import { removeGrant } from "../../grants/remove-grant";
import { explainParams, inviteInput, listAggregateParams, updateGrantInput } from "../../grants/schemas";
import { updateGrant } from "../../grants/update-grant";
import { entityIdSchema } from "../../ids";
import { listParams } from "../../pagination";
import { presentAccessEntry, presentAccessExplanation, presentTeamGrant, presentUserGrant } from "../../presenters/grant";
import { protectedProcedure, router } from "../init";

/** A space, a collection, or a site (named in its organization) to share. */
const target = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["space", "collection"]), id: entityIdSchema }),
  z.object({ type: z.literal("site"), id: entityIdSchema, organizationId: entityIdSchema }),
]);
const withTarget = z.object({ target });
const subject = z.object({ type: z.enum(["user", "team"]), id: entityIdSchema });
const pageInput = withTarget.extend(listParams.shape).extend({ limit: z.number().int().min(1).max(1000).default(100) });

/** The sharing dialog of spaces, collections and sites: the services of /v1's permission operations. */
export const sharingRouter = router({
  users: protectedProcedure.input(pageInput).query(async ({ ctx, input: { target, ...params } }) => {
    const page = await listUserGrants(ctx, target, params);
    return { ...page, items: page.items.map((grant) => presentUserGrant(grant, ctx.urls)) };
  }),
  teams: protectedProcedure.input(pageInput).query(async ({ ctx, input: { target, ...params } }) => {
    const page = await listTeamGrants(ctx, target, params);
    return { ...page, items: page.items.map(presentTeamGrant) };
  }),
  aggregate: protectedProcedure
    .input(withTarget.extend(listAggregateParams.shape).extend({ limit: z.number().int().min(1).max(1000).default(100) }))
    .query(async ({ ctx, input: { target, ...params } }) => {
      const page = await listAccessAggregate(ctx, target, params);
      return { ...page, items: page.items.map((entry) => presentAccessEntry(entry, ctx.urls)) };
    }),
  invite: protectedProcedure.input(withTarget.and(inviteInput)).mutation(({ ctx, input: { target, ...body } }) => inviteToContent(ctx, target, body)),
  update: protectedProcedure
    .input(withTarget.extend({ subject }).extend(updateGrantInput.shape))
    .mutation(({ ctx, input }) => updateGrant(ctx, input.target, input.subject, input.role)),
  remove: protectedProcedure.input(withTarget.extend({ subject })).mutation(({ ctx, input }) => removeGrant(ctx, input.target, input.subject)),
  explain: protectedProcedure.input(withTarget.extend(explainParams.shape)).query(async ({ ctx, input }) => presentAccessExplanation(await explainAccess(ctx, input.target, input.user), ctx.urls)),
});
