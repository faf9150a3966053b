import type { z } from "zod";
import type { Db } from "../db/client";
import type { EVENT_CATALOG, EventAction } from "./catalog";

/** A domain event as committed, as a subscriber receives it: its payload typed by the catalog for its action. */
export type CommittedEvent<A extends EventAction = EventAction> = A extends EventAction
  ? {
      id: string;
      organizationId: string;
      action: A;
      payload: z.output<(typeof EVENT_CATALOG)[A]["payload"]>;
      occurredAt: Date;
      /** The audit log's actor: a user, or an integration or installation (acting through its bot user). */
      actorType: string;
      actorId: string;
      /** The user who acted: the actor, or the bot user of the integration acting (null when it is gone). */
      actorUserId: string | null;
      target: { type: string; id: string; label: string | null };
      /** Its position in the record. */
      txid: bigint;
      seq: bigint;
    }
  : never;

/**
 * What reacts to committed domain events: integrations and webhooks (the organization's typed feed
 * and its deliveries), live updates, notifications. Each takes the actions it lists and is registered
 * in server/events/subscribers.ts; the dispatcher (server/events/dispatch.ts) hands it batches of
 * events committed since it last read — in record order when it is `ordered`, else as soon as they
 * commit — and runs `handle` in the transaction that records them as taken: what it writes there
 * happens exactly once per event. Whatever it does outside the database (nothing, today) would
 * happen at least once.
 */
export type EventSubscriber<A extends EventAction = EventAction> = {
  /** Its cursor's key: never renamed (a new name starts from the current position, without the history). */
  name: string;
  actions: readonly A[];
  /**
   * Whether it needs the record's order. An ordered subscriber gets an event only once no earlier
   * position can still commit, so a long open transaction anywhere holds it back; one that is not
   * gets each event as soon as it has committed (possibly before an earlier position that commits later).
   */
  ordered: boolean;
  /** Events per batch (one transaction); 100 unless said. */
  batchSize?: number;
  handle(tx: Db, events: CommittedEvent<A>[]): Promise<void>;
};

/**
 * Declares a subscriber; its events are typed by the actions it lists. (As a method, `handle` lets a
 * subscriber of some actions stand in a list of `EventSubscriber`s: the dispatcher hands each only its own.)
 */
export function defineSubscriber<A extends EventAction>(subscriber: EventSubscriber<A>): EventSubscriber<A> {
  return subscriber;
}
