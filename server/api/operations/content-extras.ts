import { changeRequestPdfParams, getChangeRequestPdfUrl } from "../../pdf/change-request-pdf";
import { presentPdfLink } from "../../presenters/pdf-link";
import { applySpaceTemplate } from "../../templates/apply-template";
import { applySpaceTemplateInput } from "../../templates/schemas";
import { defineOperation } from "../operation";
import { changeRequestPath, spacePath } from "../path-params";

/** Built-in templates for empty spaces, and PDF exports of change requests. */
export const contentExtraOperations = [
  defineOperation({
    operationId: "applyTemplateToSpace",
    method: "POST",
    path: "/v1/spaces/{spaceId}/content/template",
    params: spacePath,
    body: applySpaceTemplateInput,
    status: 204,
    handler: (c) => applySpaceTemplate(c, c.params.spaceId, c.body),
  }),
  defineOperation({
    operationId: "getChangeRequestPDF",
    method: "GET",
    path: "/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf",
    params: changeRequestPath,
    query: changeRequestPdfParams,
    handler: async (c) => presentPdfLink(await getChangeRequestPdfUrl(c, c.params.spaceId, c.params.changeRequestId, c.query), c.urls),
  }),
];
