import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type { Prisma } from "./generated/client";

/** One client per process; Next.js dev reloads modules, so it is kept on globalThis. */
const globalForPrisma = globalThis as unknown as { quirePrisma?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set: start Quire with `npm start`, which provides one.");
  }
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.QUIRE_DB_POOL ?? 10) });
  return new PrismaClient({ adapter });
}

/** The Prisma client, created on first use so that importing this module needs no database. */
export function db(): PrismaClient {
  globalForPrisma.quirePrisma ??= createClient();
  return globalForPrisma.quirePrisma;
}

/** A transaction client or the root client: service functions accept either. */
export type Db = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
