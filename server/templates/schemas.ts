import { z } from "zod";
import { changeRequestRefSchema } from "../change-requests/schemas";
import { entityIdSchema } from "../ids";
import { SPACE_TEMPLATE_IDS } from "./catalog";

/** The reference's ContentRef to a file: the only kind a template parameter takes. */
const fileRefSchema = z.object({ kind: z.literal("file"), file: entityIdSchema }).strict();

/** Body of `POST /v1/spaces/{spaceId}/content/template` (the reference's ApplySpaceTemplate). */
export const applySpaceTemplateInput = z.object({
  id: z.enum(SPACE_TEMPLATE_IDS, {
    error: (issue) =>
      issue.input === undefined
        ? `required: one of ${SPACE_TEMPLATE_IDS.join(", ")}`
        : typeof issue.input === "string"
          ? `unknown template ${JSON.stringify(issue.input.slice(0, 100))}; the templates are ${SPACE_TEMPLATE_IDS.join(", ")}`
          : `must be a template id (a string): one of ${SPACE_TEMPLATE_IDS.join(", ")}`,
  }),
  params: z
    .object({
      // None of the built-in templates takes a file: naming one is a mistake worth reporting.
      contentRefs: z
        .record(z.string().max(100), fileRefSchema)
        .refine((refs) => Object.keys(refs).length === 0, { error: "the built-in templates take no content references" })
        .optional(),
    })
    .optional(),
  /** Applies the template to a change request's content instead of the main content. */
  changeRequestId: changeRequestRefSchema.optional(),
});

export type ApplySpaceTemplateInput = z.infer<typeof applySpaceTemplateInput>;
