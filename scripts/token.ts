/**
 * `npm run --silent token -- <email>`: prints a new API token for that user on stdout and nothing
 * else (scripts capture it), using the database of a running `npm start` or starting it meanwhile.
 */
import { db } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { openDatabase } from "../server/db/runtime";
import { createApiToken } from "../server/tokens/create-api-token";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run --silent token -- <email>");
  process.exit(2);
}

const database = await openDatabase({ reuseRunning: true }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
let code = 0;
try {
  // A database no server has started yet has no tables: create them rather than fail obscurely.
  await migrate(database.url);
  process.env.DATABASE_URL = database.url;
  const user = await db().user.findUnique({ where: { email }, select: { id: true } });
  if (user) {
    const { token } = await createApiToken({ userId: user.id, via: "system" }, { name: "CLI token" });
    process.stdout.write(token + "\n");
  } else {
    console.error(`No user with the email ${email}.`);
    code = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  if (process.env.DATABASE_URL) await db().$disconnect();
  await database.stop();
}
process.exit(code);
