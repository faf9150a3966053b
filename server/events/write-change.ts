import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { withEvents, type EventRecorder } from "./record-event";

/**
 * The one way a change other than a space's content is written (an organization's settings,
 * members, teams, grants, single sign-on, its content tree): one transaction, retried on
 * deadlocks like every write, in which the change declares its domain events. Writes of a space's
 * content and change requests go through `writeSpace`, which does the same with the space's lock.
 */
export async function writeChange<T>(ctx: ServiceContext, work: (tx: Db, events: EventRecorder) => Promise<T>): Promise<T> {
  return inTransaction((tx) => withEvents(tx, ctx, (events) => work(tx, events)), "write");
}
