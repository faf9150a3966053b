import { createCustomFont } from "../../fonts/create-custom-font";
import { deleteCustomFont } from "../../fonts/delete-custom-font";
import { getCustomFont } from "../../fonts/get-custom-font";
import { listCustomFonts } from "../../fonts/list-custom-fonts";
import { updateCustomFont } from "../../fonts/update-custom-font";
import { createCustomFontInput, customFontPath, listCustomFontsQuery, organizationFontsPath, updateCustomFontInput } from "../../fonts/schemas";
import { generateStorageUploadUrl } from "../../storage/uploads/generate-upload-url";
import { generateUploadInput, generateUploadParams } from "../../storage/uploads/schemas";
import { presentFont } from "../../presenters/font";
import { presentUploadUrl } from "../../presenters/storage-upload";
import { defineOperation } from "../operation";

/** The reference's `storage` upload URL and `custom-fonts` operations: an organization's fonts for its sites. */
export const customFontOperations = [
  defineOperation({
    operationId: "generateStorageUploadURL",
    method: "POST",
    path: "/v1/orgs/{organizationId}/storage/upload",
    params: generateUploadParams,
    body: generateUploadInput,
    status: 201,
    handler: async (c) => presentUploadUrl(await generateStorageUploadUrl(c, c.params.organizationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "listCustomFonts",
    method: "GET",
    path: "/v1/orgs/{organizationId}/fonts",
    params: organizationFontsPath,
    query: listCustomFontsQuery,
    handler: async (c) => {
      const page = await listCustomFonts(c, c.params.organizationId, c.query);
      return { ...page, items: page.items.map((font) => presentFont(font, c.urls)) };
    },
  }),
  defineOperation({
    operationId: "createCustomFont",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/fonts",
    params: organizationFontsPath,
    body: createCustomFontInput,
    status: 201,
    handler: async (c) => presentFont(await createCustomFont(c, c.params.organizationId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "getCustomFont",
    method: "GET",
    path: "/v1/orgs/{organizationId}/fonts/{fontId}",
    params: customFontPath,
    handler: async (c) => presentFont(await getCustomFont(c, c.params.organizationId, c.params.fontId), c.urls),
  }),
  defineOperation({
    operationId: "updateCustomFont",
    method: "POST",
    path: "/v1/orgs/{organizationId}/fonts/{fontId}",
    params: customFontPath,
    body: updateCustomFontInput,
    // The reference answers an update with 201.
    status: 201,
    handler: async (c) => presentFont(await updateCustomFont(c, c.params.organizationId, c.params.fontId, c.body), c.urls),
  }),
  defineOperation({
    operationId: "deleteCustomFont",
    method: "DELETE",
    path: "/v1/orgs/{organizationId}/fonts/{fontId}",
    params: customFontPath,
    status: 205,
    statusOf: (result: { removed: boolean }) => (result.removed ? 205 : 204),
    handler: (c) => deleteCustomFont(c, c.params.organizationId, c.params.fontId),
  }),
];
