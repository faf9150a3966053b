import type { Db } from "../db/client";
import { queueFor } from "./boss";
import type { JobKind } from "./job-kind";

/**
 * Sends a job as part of the caller's transaction: the job exists if and only if the change that
 * asks for it commits, so no crash point loses it or runs it for a change that never happened.
 * Workers see it after the commit. Returns the job's id, or null when the kind's policy already
 * has an equivalent job waiting (e.g. one queued index job per space).
 */
export async function enqueue<Payload>(tx: Db, kind: JobKind<Payload>, payload: Payload): Promise<string | null> {
  const data = kind.payload.parse(payload);
  const boss = await queueFor(kind);
  const singletonKey = kind.singletonKey?.(data);
  return boss.send(kind.name, data as object, {
    ...kind.sendOptions?.(data),
    ...(singletonKey ? { singletonKey } : {}),
    db: { executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }) },
  });
}
