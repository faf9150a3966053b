import { db, type Db } from "./client";

/**
 * Every transaction Quire runs is one of these kinds, and its limits come from this table alone:
 * writes go through the write mechanism (`writeChange`, `writeSite`, `writeSpace`), reads that must
 * agree with themselves through `readSnapshot`; the rest name their kind to `inTransaction`: a few
 * rows written outside a domain write (`record`), the search index job (`indexing`).
 *
 * Transactions that PostgreSQL aborted for a reason another attempt cures — a deadlock, a
 * serialization failure, a lock wait past its limit, or no pooled connection free in time — are
 * run again, so that a caller never sees them. Anything else (including a transaction that ran
 * past its own time limit: it would again) is the caller's.
 */

export type TransactionLimits = {
  /** Time the work may take once the transaction has started. */
  timeoutMs: number;
  /** Time to wait for a pooled connection to start the transaction. */
  maxWaitMs: number;
  /** Time any one statement may wait for a row lock before the attempt is given up and retried. */
  lockTimeoutMs?: number;
  /** A read of several statements that must agree with each other asks for one snapshot. */
  isolationLevel?: "RepeatableRead";
};

/** Waiting for a pooled connection: the same for every kind. */
const POOL_WAIT_MS = 30_000;
/** A writer queued behind others on a site's or a space's row lock gives up its attempt after this long, and tries again. */
const LOCK_WAIT_MS = 20_000;
/** Generous, so that a limit is never the reason a write fails: the lock wait plus the work. */
const LOCKED_WRITE_MS = LOCK_WAIT_MS + 30_000;

export const TRANSACTION_LIMITS = {
  /** Settings, people and access, the content tree (`writeChange`): small writes, each well within this. */
  write: { timeoutMs: 30_000, maxWaitMs: POOL_WAIT_MS },
  /** A write under a site's or a space's row lock (`writeSite`, `writeSpace`). */
  lockedWrite: { timeoutMs: LOCKED_WRITE_MS, maxWaitMs: POOL_WAIT_MS, lockTimeoutMs: LOCK_WAIT_MS },
  /** A reader's view of a site: its structure, spaces and customizations from one snapshot (`readSnapshot`). */
  readSnapshot: { timeoutMs: 15_000, maxWaitMs: POOL_WAIT_MS, isolationLevel: "RepeatableRead" },
  /**
   * A few rows written outside a domain write, by a request or a job's step: a reader's feedback or
   * view, notifications, an import's row and job, a webhook's test event, an integration's task, a
   * delivery's claim, a mailed link's new secret, the built-in integrations at start.
   */
  record: { timeoutMs: 15_000, maxWaitMs: POOL_WAIT_MS },
  /** One batch of committed domain events handed to one subscriber, with its cursor's move (server/events/dispatch.ts). */
  dispatch: { timeoutMs: 60_000, maxWaitMs: POOL_WAIT_MS },
  /** The search index job bringing one space's index to its main revision: the whole space, in one transaction. */
  indexing: { timeoutMs: 30 * 60_000, maxWaitMs: POOL_WAIT_MS },
} as const satisfies Record<string, TransactionLimits>;

export type TransactionKind = keyof typeof TRANSACTION_LIMITS;

/**
 * A space write that declares how many pages it touches (a merge, an import of thousands of pages)
 * gets this much more time per page, up to a ceiling, on top of `lockedWrite`'s.
 */
const PER_PAGE_MS = 25;
const LARGE_WRITE_MAX_MS = 30 * 60_000;

/** The limits of a transaction of that kind; a locked write touching `pages` pages gets time for each. */
export function transactionLimits(kind: TransactionKind, size?: { pages?: number }): TransactionLimits {
  const limits: TransactionLimits = TRANSACTION_LIMITS[kind];
  if (kind !== "lockedWrite" || !size?.pages) return limits;
  return { ...limits, timeoutMs: Math.min(LARGE_WRITE_MAX_MS, limits.timeoutMs + size.pages * PER_PAGE_MS) };
}

const ATTEMPTS = 6;
const RETRIED_SQLSTATES = new Set(["40P01", "40001", "55P03"]);

export async function inTransaction<T>(work: (tx: Db) => Promise<T>, kind: TransactionKind, size?: { pages?: number }): Promise<T> {
  const limits = transactionLimits(kind, size);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().$transaction(
        async (tx) => {
          if (limits.lockTimeoutMs) await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.ceil(limits.lockTimeoutMs)}`);
          return work(tx);
        },
        { timeout: limits.timeoutMs, maxWait: limits.maxWaitMs, isolationLevel: limits.isolationLevel },
      );
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransient(error)) throw error;
      // Jittered exponential backoff, so that the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, (25 * 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}

/**
 * The one way to read several statements that must agree with each other (a structure and the
 * spaces it names): one snapshot of the database, retried like any transaction.
 */
export function readSnapshot<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(work, "readSnapshot");
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
