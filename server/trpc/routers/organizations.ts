import { z } from "zod";
import { organizationPath } from "../../members/schemas";
import { createOrganization } from "../../organizations/create-organization";
import { deleteOrganization } from "../../organizations/delete-organization";
import { getOrganization, listDeletedOrganizations, listOrganizations } from "../../organizations/queries";
import { restoreOrganization } from "../../organizations/restore-organization";
import { generateStorageUploadUrl } from "../../storage/uploads/generate-upload-url";
import { generateUploadInput } from "../../storage/uploads/schemas";
import { joinOrganizationByEmailDomain } from "../../organizations/join-organization-by-email-domain";
import { listJoinableOrganizations } from "../../organizations/list-joinable-organizations";
import { createOrganizationInput, updateOrganizationInput } from "../../organizations/schemas";
import { updateOrganization } from "../../organizations/update-organization";
import { getWaitingForMe } from "../../home/waiting-for-me";
import { presentDomainOrganization, presentOrganizationRecord } from "../../presenters/organization";
import { presentUser } from "../../presenters/user";
import { getAuthenticatedUser } from "../../users/queries";
import { presentUploadUrl } from "../../presenters/storage-upload";
import { protectedProcedure, router } from "../init";

export const organizationsRouter = router({
  me: protectedProcedure.query(async ({ ctx }) => presentUser(await getAuthenticatedUser(ctx), ctx.urls)),
  list: protectedProcedure.query(async ({ ctx }) => {
    const page = await listOrganizations(ctx, { limit: 1000 });
    return { ...page, items: page.items.map((organization) => presentOrganizationRecord(organization, ctx.urls)) };
  }),
  get: protectedProcedure.input(z.object({ organizationId: z.string() })).query(async ({ ctx, input }) => presentOrganizationRecord(await getOrganization(ctx, input.organizationId), ctx.urls)),
  // The home page's "Waiting for you": reviews asked, unread mentions, the caller's own open change requests.
  waitingForMe: protectedProcedure.input(organizationPath).query(({ ctx, input }) => getWaitingForMe(ctx, input.organizationId)),
  create: protectedProcedure.input(createOrganizationInput).mutation(async ({ ctx, input }) => presentOrganizationRecord(await createOrganization(ctx, input), ctx.urls)),
  update: protectedProcedure
    .input(organizationPath.extend(updateOrganizationInput.shape))
    .mutation(async ({ ctx, input: { organizationId, ...patch } }) => {
      const logoFile = patch.logo ? ctx.urls.organizationFileOf(patch.logo) : null;
      return presentOrganizationRecord(await updateOrganization(ctx, organizationId, patch, logoFile), ctx.urls);
    }),
  /** The settings page's danger zone: deleting takes the organization's name, typed (`confirmation`). */
  delete: protectedProcedure
    .input(organizationPath.extend({ confirmation: z.string().max(300) }))
    .mutation(({ ctx, input }) => deleteOrganization(ctx, input.organizationId, { confirmation: input.confirmation })),
  restore: protectedProcedure.input(organizationPath).mutation(async ({ ctx, input }) => presentOrganizationRecord(await restoreOrganization(ctx, input.organizationId), ctx.urls)),
  /** What the caller may still restore (the organization switcher's "Deleted — restore"). */
  deleted: protectedProcedure.query(({ ctx }) => listDeletedOrganizations(ctx)),
  /** An upload URL for the organization's logo; the uploaded file's URL then goes in `update`'s `logo`. */
  logoUploadUrl: protectedProcedure
    .input(organizationPath.extend({ file: generateUploadInput.shape.file }))
    .mutation(async ({ ctx, input }) => presentUploadUrl(await generateStorageUploadUrl(ctx, input.organizationId, { file: input.file, kind: "organization_file" }), ctx.urls)),
  /** Organizations the user may join by their verified email domain, and joining one. */
  joinable: protectedProcedure.query(async ({ ctx }) => {
    const { domain, organizations } = await listJoinableOrganizations(ctx);
    return { domain, organizations: organizations.map((organization) => presentDomainOrganization(organization, domain!, ctx.urls)) };
  }),
  joinByEmailDomain: protectedProcedure
    .input(organizationPath)
    .mutation(async ({ ctx, input }) => {
      const { joined, organization } = await joinOrganizationByEmailDomain(ctx, input.organizationId);
      return { joined, organization: presentOrganizationRecord(organization, ctx.urls) };
    }),
});
