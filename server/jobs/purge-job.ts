import { z } from "zod";
import { purgeDeletedOrganizations } from "../organizations/purge-deleted-organizations";
import { purgeDeletedSpaces } from "../spaces/purge-deleted-spaces";
import { defineJob } from "./job-kind";

/**
 * Hourly: permanently removes spaces, then organizations, past their retention. Idempotent, so
 * retries are safe. Its name predates organizations' deletion and stays, as pg-boss keeps the
 * schedule under it.
 */
export const purgeDeletedSpacesJob = defineJob({
  name: "purge-deleted-spaces",
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 60 },
  work: {},
  schedule: "0 * * * *",
  async handle() {
    const purged = await purgeDeletedSpaces();
    if (purged > 0) console.info(`Purged ${purged} deleted space(s) past their retention.`);
    const organizations = await purgeDeletedOrganizations();
    if (organizations > 0) console.info(`Purged ${organizations} deleted organization(s) past their retention, with everything they held.`);
    return { purged, organizations };
  },
});
