import { z } from "zod";

/** Sources Quire imports from; the reference names others (files, Git) that have operations of their own. */
export const importSourceSchema = z.enum(["website"]);

/** The body of `POST .../content/import`: where to import from. Only http(s) pages are crawled. */
export const importContentInput = z.object({
  url: z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048),
  source: importSourceSchema,
});

export type ImportContentInput = z.infer<typeof importContentInput>;
