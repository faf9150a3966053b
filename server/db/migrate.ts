import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { migrateBlockKeys } from "../content/block-keys-migration";

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/**
 * Migrations of data that SQL cannot express (they parse page bodies), run in order after the
 * SQL ones and recorded by name in `_quire_data_migrations`, so each runs once. Each must be
 * idempotent (a run stopped half-way runs again) and write in batches of its own.
 */
const DATA_MIGRATIONS: { name: string; run: (client: pg.Client) => Promise<unknown> }[] = [
  { name: "20261124160000_block_keys", run: (client) => migrateBlockKeys(client) },
];

/**
 * Applies prisma/migrations/* in order, then the data migrations, and records them in Prisma's own
 * `_prisma_migrations` table (same columns and checksum as `prisma migrate deploy`),
 * because the Prisma CLI cannot fetch its schema engine offline.
 * An advisory lock lets several app servers start at once.
 */
export async function migrate(connectionString: string): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(72707369)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const applied = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(applied.rows.map((row) => [row.migration_name, row.checksum]));
    const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const newlyApplied: string[] = [];
    for (const name of names) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      const known = done.get(name);
      if (known) {
        if (known !== checksum) throw new Error(`Migration ${name} was edited after it was applied.`);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, checksum, name],
        );
        await client.query(sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`);
      }
      newlyApplied.push(name);
    }
    await client.query(`CREATE TABLE IF NOT EXISTS "_quire_data_migrations" ("name" TEXT PRIMARY KEY, "finished_at" TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const dataDone = new Set((await client.query<{ name: string }>(`SELECT name FROM "_quire_data_migrations"`)).rows.map((row) => row.name));
    for (const migration of DATA_MIGRATIONS) {
      if (dataDone.has(migration.name)) continue;
      try {
        await migration.run(client);
      } catch (error) {
        throw new Error(`Data migration ${migration.name} failed: ${(error as Error).message}`);
      }
      await client.query(`INSERT INTO "_quire_data_migrations" (name) VALUES ($1)`, [migration.name]);
      newlyApplied.push(migration.name);
    }
    return newlyApplied;
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707369)").catch(() => {});
    await client.end();
  }
}
