import { z } from "zod";
import { purgeDeletedOrganizations } from "../organizations/purge-deleted-organizations";
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

/** Hourly: permanently removes organizations past their retention, with everything they hold. Idempotent. */
export const purgeDeletedOrganizationsJob = defineJob({
  name: "purge-deleted-organizations",
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 60 },
  work: {},
  schedule: "30 * * * *",
  async handle() {
    const purged = await purgeDeletedOrganizations();
    if (purged > 0) console.info(`Purged ${purged} deleted organization(s) past their retention.`);
    return { purged };
  },
});
