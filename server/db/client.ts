import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "./generated/client";

export type { Prisma } from "./generated/client";

/** One client per process; Next.js dev reloads modules, so it is kept on globalThis. */
const globalForPrisma = globalThis as unknown as { quirePrisma?: PrismaClient; quirePool?: pg.Pool };

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start Quire with `npm start`, which provides one.");
  }
  // One pool for Prisma and the prepared reads below, so they share the connection budget.
  const pool = new pg.Pool({ connectionString, max: Number(process.env.QUIRE_DB_POOL ?? 10), allowExitOnIdle: true });
  // An idle connection closed by the server (PostgreSQL stopping) is no reason to crash.
  pool.on("error", () => {});
  globalForPrisma.quirePool = pool;
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}

/** The Prisma client, created on first use so that importing this module needs no database. */
export function db(): PrismaClient {
  globalForPrisma.quirePrisma ??= createClient();
  return globalForPrisma.quirePrisma;
}

/** A transaction client or the root client: service functions accept either. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * Runs a query that every request makes (the token lookup, loading a space) as a prepared statement:
 * PostgreSQL plans it once per connection instead of on every call, which was most of its cost.
 * Inside a transaction it runs on the transaction, as any query.
 */
export async function preparedRows<Row>(tx: Db, name: string, query: Prisma.Sql): Promise<Row[]> {
  if (tx !== db()) return tx.$queryRaw<Row[]>(query);
  const result = await globalForPrisma.quirePool!.query<Row & pg.QueryResultRow>({ name, text: query.text, values: query.values });
  return result.rows;
}
