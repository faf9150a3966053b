import { z } from "zod";
import { adaptiveJsonSchema } from "./json-schema";

/** Body of updateSiteAdaptiveSchema (and the tRPC updateSchema input beside the site's path). */
export const updateAdaptiveSchemaInput = z.object({ jsonSchema: adaptiveJsonSchema });
export type UpdateAdaptiveSchemaInput = z.infer<typeof updateAdaptiveSchemaInput>;
