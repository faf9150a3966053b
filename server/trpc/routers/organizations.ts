import { z } from "zod";
import { createOrganization } from "../../organizations/create-organization";
import { getOrganization, listOrganizations } from "../../organizations/queries";
import { createOrganizationInput } from "../../organizations/schemas";
import { getAuthenticatedUser } from "../../users/queries";
import { protectedProcedure, router } from "../init";

export const organizationsRouter = router({
  me: protectedProcedure.query(({ ctx }) => getAuthenticatedUser(ctx)),
  list: protectedProcedure.query(({ ctx }) => listOrganizations(ctx, { limit: 1000 })),
  get: protectedProcedure.input(z.object({ organizationId: z.string() })).query(({ ctx, input }) => getOrganization(ctx, input.organizationId)),
  create: protectedProcedure.input(createOrganizationInput).mutation(({ ctx, input }) => createOrganization(ctx, input)),
});
