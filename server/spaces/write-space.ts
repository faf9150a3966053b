import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { withEvents, type EventRecorder } from "../events/record-event";

/**
 * The one way a space's content and change requests are written. Every write:
 * - takes the space's row lock first, so that locks are always taken in one order (space, then
 *   change request, then content) and writers of one space cannot deadlock each other;
 * - runs in one transaction whose time limit is sized for the pages it declares (server/db/transaction.ts);
 * - records the domain events the work declares in that transaction (server/events/record-event.ts),
 *   which their subscribers take once it has committed (server/events/dispatch.ts);
 * - leaves follow-up work (search indexing, and whatever later reacts to a change) to jobs it
 *   enqueues in the same transaction (server/jobs/enqueue.ts), which run once it has committed,
 *   so nothing slow happens under the lock and nothing asked for is lost by a crash.
 * Transactions aborted by a deadlock, a serialization failure or a lock wait are run again.
 */

export type SpaceWriteOptions = {
  /**
   * `space`: the space row itself changes (its main revision, its counts): exclusive, one at a
   * time. `changeRequests`: only change requests of the space change: writes to different change
   * requests run side by side, and wait for (or hold off) any `space` write.
   */
  lock: "space" | "changeRequests";
  /** How many pages the write may touch, when known: sizes its time limit. */
  pages?: number;
};

export async function writeSpace<T>(ctx: ServiceContext, spaceId: string, options: SpaceWriteOptions, work: (tx: Db, events: EventRecorder) => Promise<T>): Promise<T> {
  return inTransaction(
    async (tx) => {
      // NO KEY UPDATE, not UPDATE: rows referencing the space (revisions, jobs' rows) may still be inserted meanwhile.
      if (options.lock === "space") await tx.$queryRaw`SELECT 1 FROM spaces WHERE id = ${spaceId} FOR NO KEY UPDATE`;
      else await tx.$queryRaw`SELECT 1 FROM spaces WHERE id = ${spaceId} FOR SHARE`;
      return withEvents(tx, ctx, (events) => work(tx, events));
    },
    "lockedWrite",
    { pages: options.pages },
  );
}
