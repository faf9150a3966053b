import { z } from "zod";
import { createCustomFont } from "../../fonts/create-custom-font";
import { customFontAccess } from "../../fonts/custom-font-access";
import { deleteCustomFont } from "../../fonts/delete-custom-font";
import { listCustomFonts } from "../../fonts/list-custom-fonts";
import { updateCustomFont } from "../../fonts/update-custom-font";
import { createCustomFontInput, customFontPath, organizationFontsPath, updateCustomFontInput } from "../../fonts/schemas";
import { trpcListLimit } from "../../pagination";
import { generateStorageUploadUrl } from "../../storage/uploads/generate-upload-url";
import { generateUploadInput } from "../../storage/uploads/schemas";
import { presentFont } from "../../presenters/font";
import { presentUploadUrl } from "../../presenters/storage-upload";
import { protectedProcedure, router } from "../init";

/** The organization's custom fonts, for the customization editor's font pickers and its upload dialog: the services of /v1's custom-fonts operations. */
export const customFontsRouter = router({
  list: protectedProcedure
    .input(organizationFontsPath.extend({ ...trpcListLimit, page: z.string().max(200).optional() }))
    .query(async ({ ctx, input }) => {
      const page = await listCustomFonts(ctx, input.organizationId, { limit: input.limit, page: input.page });
      return { ...page, items: page.items.map((font) => presentFont(font, ctx.urls)) };
    }),
  permissions: protectedProcedure.input(organizationFontsPath).query(({ ctx, input }) => customFontAccess(ctx, input.organizationId)),
  /** An upload URL for one font file: the browser PUTs the file to it, then names its key in `create`. */
  uploadUrl: protectedProcedure
    .input(organizationFontsPath.extend({ file: generateUploadInput.shape.file }))
    .mutation(async ({ ctx, input }) => presentUploadUrl(await generateStorageUploadUrl(ctx, input.organizationId, { file: input.file, kind: "customization_font" }), ctx.urls)),
  create: protectedProcedure
    .input(organizationFontsPath.extend({ font: createCustomFontInput }))
    .mutation(async ({ ctx, input }) => presentFont(await createCustomFont(ctx, input.organizationId, input.font), ctx.urls)),
  update: protectedProcedure
    .input(customFontPath.extend({ font: updateCustomFontInput }))
    .mutation(async ({ ctx, input }) => presentFont(await updateCustomFont(ctx, input.organizationId, input.fontId, input.font), ctx.urls)),
  delete: protectedProcedure.input(customFontPath).mutation(({ ctx, input }) => deleteCustomFont(ctx, input.organizationId, input.fontId)),
});
