import { afterAll } from "vitest";
import { cloneDatabase, dropDatabase } from "../helpers/test-databases";

/**
 * Each test file gets a database of its own, cloned from the run's template (tests/setup/global-setup.ts):
 * nothing another file wrote is visible, and its job queue's jobs are worked by this file's workers alone.
 */
const serverUrl = process.env.QUIRE_TEST_SERVER_URL!;
const database = await cloneDatabase(serverUrl, process.env.QUIRE_TEST_TEMPLATE!);
process.env.DATABASE_URL = database.url;

// Registered first, so run last: after the file's own hooks have stopped what they started.
afterAll(async () => {
  // A file that sent or worked jobs leaves no queue connections or workers behind.
  // (Imported only then: the job queue's modules are heavy, and most files never start it.)
  if ((globalThis as { quireBoss?: { boss?: unknown } }).quireBoss?.boss) await (await import("../../server/jobs/workers")).stopJobQueue();
  await dropDatabase(serverUrl, database.name);
});
