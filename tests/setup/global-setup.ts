import { randomBytes } from "node:crypto";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/db/embedded";
import { DatabaseStartError } from "../../server/db/embedded-errors";
import { migrate } from "../../server/db/migrate";

let database: EmbeddedDatabase | undefined;

/** One real PostgreSQL for the run: started fresh in its own data folder, migrated, deleted at the end. */
export async function setup() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  } else {
    const dataDir = path.join(process.cwd(), ".data", `test-pg-${randomBytes(4).toString("hex")}`);
    database = await startEmbeddedPostgres({ dataDir, persistent: false }).catch((error: unknown) => {
      if (!(error instanceof DatabaseStartError)) throw error;
      // The message says what to do; Vitest would bury it under a code frame and a stack trace.
      console.error(error.message);
      process.exit(1);
    });
    process.env.DATABASE_URL = database.url;
  }
  await migrate(process.env.DATABASE_URL);
}

export async function teardown() {
  await database?.stop();
}
