import { createCustomFont } from "../../fonts/create-custom-font";
import { deleteCustomFont } from "../../fonts/delete-custom-font";
import { getCustomFont } from "../../fonts/get-custom-font";
import { listCustomFonts } from "../../fonts/list-custom-fonts";
import { updateCustomFont } from "../../fonts/update-custom-font";
import { createCustomFontInput, customFontPath, listCustomFontsQuery, organizationFontsPath, updateCustomFontInput } from "../../fonts/schemas";
import { generateStorageUploadUrl } from "../../storage/uploads/generate-upload-url";
import { generateUploadInput, generateUploadParams } from "../../storage/uploads/schemas";
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
    handler: (c) => generateStorageUploadUrl(c, c.params.organizationId, c.body),
  }),
  defineOperation({
    operationId: "listCustomFonts",
    method: "GET",
    path: "/v1/orgs/{organizationId}/fonts",
    params: organizationFontsPath,
    query: listCustomFontsQuery,
    handler: (c) => listCustomFonts(c, c.params.organizationId, c.query),
  }),
  defineOperation({
    operationId: "createCustomFont",
    method: "PUT",
    path: "/v1/orgs/{organizationId}/fonts",
    params: organizationFontsPath,
    body: createCustomFontInput,
    status: 201,
    handler: (c) => createCustomFont(c, c.params.organizationId, c.body),
  }),
  defineOperation({
    operationId: "getCustomFont",
    method: "GET",
    path: "/v1/orgs/{organizationId}/fonts/{fontId}",
    params: customFontPath,
    handler: (c) => getCustomFont(c, c.params.organizationId, c.params.fontId),
  }),
  defineOperation({
    operationId: "updateCustomFont",
    method: "POST",
    path: "/v1/orgs/{organizationId}/fonts/{fontId}",
    params: customFontPath,
    body: updateCustomFontInput,
    // The reference answers an update with 201.
    status: 201,
    handler: (c) => updateCustomFont(c, c.params.organizationId, c.params.fontId, c.body),
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
