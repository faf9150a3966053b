import { z } from "zod";
import { defineJob } from "../../jobs/job-kind";
import { purgeExpiredInstallationTokens } from "./mint";

/** Hourly: deletes expired installation tokens, so that their table holds about an hour's worth. Idempotent. */
export const purgeInstallationTokensJob = defineJob({
  name: "purge-installation-tokens",
  payload: z.object({}).loose(),
  queue: { retryLimit: 2, retryDelay: 60 },
  work: {},
  schedule: "30 * * * *",
  async handle() {
    return { purged: await purgeExpiredInstallationTokens() };
  },
});
