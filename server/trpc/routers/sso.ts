import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { updateOrganizationInput } from "../../organizations/schemas";
import { updateOrganization } from "../../organizations/update-organization";
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
  providers: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listSamlProviders(ctx, input.organizationId, { limit: 1000 })),
  serviceProvider: protectedProcedure.input(organizationInput).query(({ ctx, input }) => getServiceProvider(ctx, input.organizationId)),
  teams: protectedProcedure.input(organizationInput).query(({ ctx, input }) => listDefaultTeamChoices(ctx, input.organizationId)),
  create: protectedProcedure
    .input(organizationInput.extend(createSamlProviderInput.shape))
    .mutation(({ ctx, input: { organizationId, ...fields } }) => createSamlProvider(ctx, organizationId, fields)),
  update: protectedProcedure
    .input(providerInput.extend(updateSamlProviderInput.shape))
    .mutation(({ ctx, input: { organizationId, samlProviderId, ...fields } }) => updateSamlProvider(ctx, organizationId, samlProviderId, fields)),
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
  allowMember: protectedProcedure.input(memberInput).mutation(({ ctx, input }) => setSsoMember(ctx, input.organizationId, input.userId)),
  removeMember: protectedProcedure.input(memberInput).mutation(({ ctx, input }) => removeSsoMember(ctx, input.organizationId, input.userId)),
});
