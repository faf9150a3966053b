import { z } from "zod";

/**
 * A URL a caller gives for the server to fetch or for browsers to load (logo, import source, file
 * source, cover): http or https only, so `javascript:`, `data:` and `file:` URLs never get stored.
 */
export const httpUrlSchema = z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048);
