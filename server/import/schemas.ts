import { z } from "zod";
import { httpUrlSchema } from "../validation/http-url";

/** Sources Quire imports from; the reference names others (files, Git) that have operations of their own. */
export const importSourceSchema = z.enum(["website"]);

/** The body of `POST .../content/import`: where to import from. Only http(s) pages are crawled. */
export const importContentInput = z.object({
  url: httpUrlSchema,
  source: importSourceSchema,
});

export type ImportContentInput = z.infer<typeof importContentInput>;
