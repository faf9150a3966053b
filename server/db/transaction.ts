import { db, type Db } from "./client";

/**
 * Transactions that PostgreSQL aborted for a reason another attempt cures — a deadlock, a
 * serialization failure, a lock wait past its limit, or no pooled connection free in time — are
 * run again, so that a caller never sees them. Anything else (including a transaction that ran
 * past its own time limit: it would again) is the caller's.
 */

export type TransactionLimits = {
  /** Time the work may take once the transaction has started. */
  timeoutMs: number;
  /** Time to wait for a pooled connection to start the transaction. */
  maxWaitMs?: number;
  /** Time any one statement may wait for a row lock before the attempt is given up and retried. */
  lockTimeoutMs?: number;
  /** A read of several statements that must agree with each other asks for one snapshot. */
  isolationLevel?: "RepeatableRead";
};

const ATTEMPTS = 6;
const RETRIED_SQLSTATES = new Set(["40P01", "40001", "55P03"]);

export async function inTransaction<T>(work: (tx: Db) => Promise<T>, limits: TransactionLimits): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().$transaction(
        async (tx) => {
          if (limits.lockTimeoutMs) await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.ceil(limits.lockTimeoutMs)}`);
          return work(tx);
        },
        { timeout: limits.timeoutMs, maxWait: limits.maxWaitMs ?? 30_000, isolationLevel: limits.isolationLevel },
      );
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransient(error)) throw error;
      // Jittered exponential backoff, so that the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, (25 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}

/** Whether another attempt of the whole transaction may succeed. */
export function isTransient(error: unknown): boolean {
  const prisma = error as { code?: string; message?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } } | null;
  if (prisma?.code === "P2034") return true;
  // P2028 is also a transaction past its own time limit, which is not retried.
  if (prisma?.code === "P2028") return /Unable to start a transaction/i.test(prisma.message ?? "");
  const sqlState = prisma?.meta?.driverAdapterError?.cause?.originalCode ?? (error as { cause?: { originalCode?: string } } | null)?.cause?.originalCode;
  return sqlState !== undefined && RETRIED_SQLSTATES.has(sqlState);
}
