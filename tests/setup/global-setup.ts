import path from "node:path";
import { randomBytes } from "node:crypto";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/db/embedded";
import { DatabaseStartError } from "../../server/db/embedded-errors";
import { migrate } from "../../server/db/migrate";
import { createEmptyDatabase } from "../helpers/test-databases";

/** The template every test file's database is cloned from (tests/setup/database.ts). */
export const TEMPLATE = "quire_test_template";

let database: EmbeddedDatabase | undefined;

/**
 * One real PostgreSQL for the run (`TEST_DATABASE_URL`, whose role may create databases, or an
 * embedded one in its own data folder, deleted at the end), and the template database: migrated,
 * with the job queue's schema and queues, so that no test file pays for either.
 */
export async function setup() {
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.join(process.cwd(), ".data", `test-pg-${randomBytes(4).toString("hex")}`);
    // A throwaway database: durability traded for speed (nothing survives the run anyway).
    const settings = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };
    database = await startEmbeddedPostgres({ dataDir, persistent: false, settings }).catch((error: unknown) => {
      if (!(error instanceof DatabaseStartError)) throw error;
      // The message says what to do; Vitest would bury it under a code frame and a stack trace.
      console.error(error.message);
      process.exit(1);
    });
    serverUrl = database.url;
  }
  const templateUrl = await createEmptyDatabase(serverUrl, TEMPLATE);
  await migrate(templateUrl);
  await installJobQueue(templateUrl);
  // Test files clone the template (tests/setup/database.ts); what runs outside them (fixtures' child processes) inherits their URL.
  process.env.QUIRE_TEST_SERVER_URL = serverUrl;
  process.env.QUIRE_TEST_TEMPLATE = TEMPLATE;
}

/** pg-boss's schema and every job kind's queue, made in the template (the queue then closes its connections: a template must have none). */
async function installJobQueue(templateUrl: string) {
  process.env.DATABASE_URL = templateUrl;
  const [{ queueFor, stopBoss }, { JOB_KINDS }] = await Promise.all([import("../../server/jobs/boss"), import("../../server/jobs/registry")]);
  for (const kind of JOB_KINDS) await queueFor(kind);
  await stopBoss();
  delete process.env.DATABASE_URL;
}

export async function teardown() {
  await database?.stop();
}
