import type { Db } from "../db/client";

/** The space column counting change requests in a status, for the statuses the space reports. */
const counter = { open: "changeRequestsOpen", draft: "changeRequestsDraft" } as const;

/**
 * Moves one change request between statuses in the space's counts, in the caller's
 * transaction, so `changeRequestsOpen` and `changeRequestsDraft` always match the rows.
 */
export async function recountStatus(tx: Db, spaceId: string, from: string, to: string): Promise<void> {
  if (from === to) return;
  const data: Record<string, { increment: number } | { decrement: number }> = {};
  if (from in counter) data[counter[from as keyof typeof counter]] = { decrement: 1 };
  if (to in counter) data[counter[to as keyof typeof counter]] = { increment: 1 };
  if (Object.keys(data).length > 0) await tx.space.update({ where: { id: spaceId }, data });
}
