import { z } from "zod";
import { entityIdSchema } from "../../ids";
import { adaptiveJsonSchema } from "./json-schema";

/** Inputs of the adaptive-schema and customization operations (/v1 paths, tRPC inputs). */
export const sitePath = z.object({ organizationId: entityIdSchema, siteId: entityIdSchema });
export const siteSpacePath = sitePath.extend({ siteSpaceId: entityIdSchema });

export const updateAdaptiveSchemaInput = z.object({ jsonSchema: adaptiveJsonSchema });
export type UpdateAdaptiveSchemaInput = z.infer<typeof updateAdaptiveSchemaInput>;
