import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { updateOrganizationInput } from "../../organizations/schemas";
import { updateOrganization } from "../../organizations/update-organization";
import { presentMember } from "../../presenters/member";
import { presentSamlProvider, presentServiceProvider } from "../../presenters/saml-provider";
import { presentOrganizationRecord } from "../../presenters/organization";
import { createSamlProvider } from "../../sso/create-saml-provider";
import { deleteSamlProvider } from "../../sso/delete-saml-provider";
import { getServiceProvider, listDefaultTeamChoices, listSamlProviders } from "../../sso/queries";
import { createSamlProviderInput, updateSamlProviderInput } from "../../sso/schemas";
import { listSsoMembers } from "../../sso/list-sso-members";
import { removeSsoMember } from "../../sso/remove-sso-member";
import { setSsoMember } from "../../sso/set-sso-member";
import { updateSamlProvider } from "../../sso/update-saml-provider";
import { protectedProcedure, router } from "../init";

const organizationInput = z.object({ organizationId: entityIdSchema });
const providerInput = organizationInput.extend({ samlProviderId: entityIdSchema });
const memberInput = organizationInput.extend({ userId: entityIdSchema });

/** The Single sign-on page of the people section: the same services and input schemas as /v1. */
export const ssoRouter = router({
  providers: protectedProcedure.input(organizationInput).query(async ({ ctx, input }) => {
    const page = await listSamlProviders(ctx, input.organizationId, { limit: 1000 });
    return { ...page, items: page.items.map((provider) => presentSamlProvider(provider, ctx.urls)) };
  }),
  serviceProvider: protectedProcedure
    .input(organizationInput)
    .query(async ({ ctx, input }) => presentServiceProvider(await getServiceProvider(ctx, input.organizationId), ctx.urls)),
  teams: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listDefaultTeamChoices(ctx, input.organizationId)),
  create: protectedProcedure
    .input(organizationInput.extend(createSamlProviderInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...fields } }) => presentSamlProvider(await createSamlProvider(ctx, organizationId, fields), ctx.urls)),
  update: protectedProcedure
    .input(providerInput.extend(updateSamlProviderInput.shape))
    .mutation(async ({ ctx, input: { organizationId, samlProviderId, ...fields } }) => presentSamlProvider(await updateSamlProvider(ctx, organizationId, samlProviderId, fields), ctx.urls)),
  delete: protectedProcedure.input(providerInput).mutation(({ ctx, input }) => deleteSamlProvider(ctx, input.organizationId, input.samlProviderId)),
  /** The organization's switch: members other than admins reach it only through SSO. */
  setEnforced: protectedProcedure
    .input(organizationInput.extend({ sso: z.boolean() }))
    .mutation(async ({ ctx, input }) => presentOrganizationRecord(await updateOrganization(ctx, input.organizationId, { sso: input.sso }, null), ctx.urls)),
  /** Email domains whose people the sign-in page offers the organization's SSO. */
  setEmailDomains: protectedProcedure
    .input(organizationInput.extend({ emailDomains: updateOrganizationInput.shape.emailDomains.unwrap() }))
    .mutation(async ({ ctx, input }) => presentOrganizationRecord(await updateOrganization(ctx, input.organizationId, { emailDomains: input.emailDomains }, null), ctx.urls)),
  members: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listSsoMembers(ctx, input.organizationId)),
  allowMember: protectedProcedure.input(memberInput).mutation(async ({ ctx, input }) => {
    const { member, counts } = await setSsoMember(ctx, input.organizationId, input.userId);
    return presentMember(member, counts, ctx.urls);
  }),
  removeMember: protectedProcedure.input(memberInput).mutation(({ ctx, input }) => removeSsoMember(ctx, input.organizationId, input.userId)),
});
