import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { withEvents, type EventRecorder } from "../events/record-event";

/**
 * The one way a site and its structure (sections, groups, site spaces, share links, redirects,
 * customization) are written: under the site's row lock, in one transaction, with the domain events
 * the write declares recorded in it. Writers of one site run one at a time, so the structure rules
 * (one default, dense positions, unique paths: server/sites/structure-rules.ts) are checked against
 * a structure no one else is changing; writers of different sites never wait for each other.
 */

export async function writeSite<T>(ctx: ServiceContext, siteId: string, work: (tx: Db, events: EventRecorder) => Promise<T>): Promise<T> {
  return inTransaction(
    async (tx) => {
      // NO KEY UPDATE: rows referencing the site (sections, site spaces) may still be inserted meanwhile by this writer.
      await tx.$queryRaw`SELECT 1 FROM sites WHERE id = ${siteId} FOR NO KEY UPDATE`;
      return withEvents(tx, ctx, (events) => work(tx, events));
    },
    "lockedWrite",
  );
}
