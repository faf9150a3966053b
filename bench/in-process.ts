/**
 * What the in-process benchmarks share: an embedded PostgreSQL of their own, fresh and migrated,
 * and a tenant (a user, an organization they administer, a token) calling the real /v1 router.
 */
import path from "node:path";
import { startEmbeddedPostgres } from "../server/db/embedded";
import { removeDataFolder } from "../server/db/embedded-location";
import { migrate } from "../server/db/migrate";

/**
 * A fresh database in `.data/bench-<name>-pg`, DATABASE_URL pointing at it; `stop` lets go of the
 * job queue and the Prisma pool, then stops and deletes the database.
 */
export async function benchDatabase(name: string): Promise<{ stop: () => Promise<void> }> {
  const dataDir = path.resolve(`.data/bench-${name}-pg`);
  removeDataFolder(dataDir);
  const database = await startEmbeddedPostgres({ dataDir, persistent: false });
  process.env.DATABASE_URL = database.url;
  await migrate(database.url);
  return {
    stop: async () => {
      const [{ stopJobQueue }, { db }] = await Promise.all([import("../server/jobs/workers"), import("../server/db/client")]);
      await stopJobQueue();
      await db().$disconnect();
      await database.stop();
    },
  };
}

export type ApiCall = (method: string, url: string, body?: unknown) => Promise<Record<string, any> | undefined>;

/** A benchmark user, their organization and token, and `call`, which throws on any answer but a success. */
export async function benchTenant(): Promise<{ userId: string; organizationId: string; token: string; call: ApiCall }> {
  const { db } = await import("../server/db/client");
  const { newId } = await import("../server/ids");
  const { v1Router } = await import("../server/api/v1");
  const { createApiToken } = await import("../server/tokens/create-api-token");
  const user = await db().user.create({ data: { id: newId(), email: "bench@example.test", displayName: "Bench" } });
  const organization = await db().organization.create({ data: { id: newId(), title: "Benchmark", members: { create: { userId: user.id, role: "admin" } } } });
  const { token } = await createApiToken({ userId: user.id, via: "system" }, { name: "bench" });
  const call: ApiCall = async (method, url, body) => {
    const response = await v1Router.handle(
      new Request(`http://bench${url}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as Record<string, any>);
  };
  return { userId: user.id, organizationId: organization.id, token, call };
}
