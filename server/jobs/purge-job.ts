import { z } from "zod";
import { purgeDeletedSpaces } from "../spaces/purge-deleted-spaces";
import { defineJob } from "./job-kind";

/** Hourly: permanently removes spaces past their retention. Idempotent, so retries are safe. */
export const purgeDeletedSpacesJob = defineJob({
  name: "purge-deleted-spaces",
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 60 },
  work: {},
  schedule: "0 * * * *",
  async handle() {
    const purged = await purgeDeletedSpaces();
    if (purged > 0) console.info(`Purged ${purged} deleted space(s) past their retention.`);
    return { purged };
  },
});
