import pg from "pg";
import { beforeAll, describe, expect, test } from "vitest";
import { db, type Db } from "../../server/db/client";
import { dispatchPass } from "../../server/events/dispatch";
import { defineSubscriber, type CommittedEvent } from "../../server/events/subscriber";
import { writeChange } from "../../server/events/write-change";
import { createTenant } from "../helpers/factories";

let tenant: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  tenant = await createTenant();
});

/** A write recording one `comment.resolved` (named by `commentId`); `during` runs in its transaction, which has its txid from the start. */
function resolve(commentId: string, during?: () => Promise<void>) {
  return writeChange({ actor: { userId: tenant.admin.user.id, via: "session" }}, async (tx, events) => {
    await tx.$queryRaw`SELECT pg_current_xact_id()::text`;
    events.record({ organizationId: tenant.organization.id, action: "comment.resolved", target: { type: "comment", id: commentId }, payload: { spaceId: "s", changeRequestId: null, commentId } });
    await during?.();
  });
}

/** This server's maintenance database: another database than the test's own. */
function otherDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = "/postgres";
  return url.toString();
}

let subscribers = 0;
/**
 * A subscriber of `comment.resolved` (a new name each time: it starts at the current position) keeping
 * the comment ids it was handed, in order; ordered unless said. `before` runs in its batch first.
 */
function testSubscriber({ ordered = true, before }: { ordered?: boolean; before?: (tx: Db, events: CommittedEvent<"comment.resolved">[]) => Promise<void> } = {}) {
  const received: string[] = [];
  const subscriber = defineSubscriber({
    name: `test-${++subscribers}-${Date.now()}`,
    actions: ["comment.resolved"],
    ordered,
    handle: async (tx, events) => {
      await before?.(tx, events);
      received.push(...events.map((event) => event.payload.commentId));
    },
  });
  return { subscriber, received };
}

/** Passes until `received` holds `count` ids (another transaction of the database may hold the fence back for a moment). */
async function passUntil(test: ReturnType<typeof testSubscriber>, count: number) {
  for (const deadline = Date.now() + 10_000; test.received.length < count; ) {
    const outcome = await dispatchPass([test.subscriber]);
    if (outcome.failed.length > 0) throw outcome.failed[0]!.error;
    if (Date.now() > deadline) throw new Error(`${test.subscriber.name} got ${test.received.length} of ${count} events: ${test.received.join(", ")}`);
  }
  return test.received;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A write recording `comment.resolved` for `commentId`, open (its txid taken: it holds the fence back) until `commit()`. */
async function heldOpen(commentId: string) {
  const mayCommit = gate();
  const started = gate();
  const write = resolve(commentId, async () => {
    started.open();
    await mayCommit.opened;
  });
  await started.opened;
  return {
    commit: () => {
      mayCommit.open();
      return write;
    },
  };
}

/** How many events a subscriber remembers having taken above the fence. */
function takenAboveFence(test: ReturnType<typeof testSubscriber>) {
  return db().eventSubscriberTaken.count({ where: { subscriber: test.subscriber.name } });
}

describe("the catalog", () => {
  test("a payload not matching its action's schema does not compile, and is refused at record time: nothing is written", async () => {
    const write = writeChange({ actor: { userId: tenant.admin.user.id, via: "session" }}, async (tx, events) => {
      await tx.organization.update({ where: { id: tenant.organization.id }, data: { title: "Refused" } });
      // @ts-expect-error: a comment.resolved names its comment
      events.record({ organizationId: tenant.organization.id, action: "comment.resolved", target: { type: "comment", id: "c" }, payload: { spaceId: "s" } });
    });
    await expect(write).rejects.toThrow(/comment\.resolved event does not match the catalog[\s\S]*commentId/);
    expect((await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).title).not.toBe("Refused");
    expect(await db().domainEvent.count({ where: { organizationId: tenant.organization.id, targetId: "c" } })).toBe(0);
  });
});

describe("the dispatcher", () => {
  test("a new subscriber starts at the current position: what was recorded before it is not replayed", async () => {
    await resolve("before");
    const late = testSubscriber();
    await dispatchPass([late.subscriber]);
    await resolve("after");
    expect(await passUntil(late, 1)).toEqual(["after"]);
  });

  test("a transaction writing in another database of the server holds nothing back (a transaction touches only its own database)", async () => {
    const ordered = testSubscriber();
    await dispatchPass([ordered.subscriber]);
    const elsewhere = new pg.Client({ connectionString: otherDatabaseUrl() });
    await elsewhere.connect();
    try {
      await elsewhere.query("BEGIN");
      // An xid of its own, as a write gets: older than the event below, and still running.
      await elsewhere.query("SELECT pg_current_xact_id()");
      await resolve("while another database writes");
      expect(await passUntil(ordered, 1)).toEqual(["while another database writes"]);
    } finally {
      await elsewhere.end();
    }
  });

  test("events are handed over in record order once final: a transaction held open keeps the events committed after it waiting until it ends", async () => {
    const ordered = testSubscriber();
    await dispatchPass([ordered.subscriber]);
    const aMayCommit = gate();
    const aStarted = gate();
    // Writer A takes its txid first and commits last; writer B commits in between.
    const a = resolve("a", async () => {
      aStarted.open();
      await aMayCommit.opened;
    });
    await aStarted.opened;
    await resolve("b");
    const whileOpen = await dispatchPass([ordered.subscriber]);
    expect(whileOpen.waiting).toEqual([ordered.subscriber.name]);
    expect(ordered.received).toEqual([]);

    aMayCommit.open();
    await a;
    await resolve("c");
    expect(await passUntil(ordered, 3)).toEqual(["a", "b", "c"]);
    // Each once: a pass finds nothing more.
    await dispatchPass([ordered.subscriber]);
    expect(ordered.received).toEqual(["a", "b", "c"]);
  });

  test("two dispatchers never hand an event over twice: the one finding the subscriber's cursor locked skips it", async () => {
    const handling = gate();
    const mayFinish = gate();
    const shared = testSubscriber({
      before: async () => {
        handling.open();
        await mayFinish.opened;
      },
    });
    await dispatchPass([shared.subscriber]);
    await resolve("once");
    // The event is handed over once no older transaction is open (in any test database of the cluster): pass until it is.
    let first: ReturnType<typeof dispatchPass>;
    do first = dispatchPass([shared.subscriber]);
    while (!(await Promise.race([handling.opened.then(() => true), first.then(() => false)])));
    const second = await dispatchPass([shared.subscriber]);
    expect(second.busy).toEqual([shared.subscriber.name]);
    mayFinish.open();
    expect((await first).failed).toEqual([]);
    await dispatchPass([shared.subscriber]);
    expect(shared.received).toEqual(["once"]);
  });

  test("a subscriber that fails has its batch rolled back, effects and cursor, and gets the same events again", async () => {
    let attempts = 0;
    const failing = testSubscriber({
      before: async (tx, events) => {
        attempts++;
        await tx.organization.update({ where: { id: tenant.organization.id }, data: { title: `Handled ${events.map((event) => event.payload.commentId).join(",")}` } });
        if (attempts === 1) throw new Error("the first attempt fails");
      },
    });
    await dispatchPass([failing.subscriber]);
    await resolve("x");
    await resolve("y");
    for (const deadline = Date.now() + 10_000; attempts === 0; ) {
      const outcome = await dispatchPass([failing.subscriber]);
      if (attempts > 0) expect(outcome.failed.map((failure) => [failure.subscriber, String(failure.error)])).toEqual([[failing.subscriber.name, "Error: the first attempt fails"]]);
      if (Date.now() > deadline) throw new Error("The subscriber was never handed the events.");
    }
    expect((await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).title).not.toMatch(/^Handled/);
    expect(await passUntil(failing, 2)).toEqual(["x", "y"]);
    expect((await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).title).toBe("Handled x,y");
  });
});

describe("the dispatcher, for a subscriber that needs no order", () => {
  test("it gets what has committed at once, past a transaction held open that keeps the ordered one waiting, and each event once", async () => {
    const ordered = testSubscriber();
    const unordered = testSubscriber({ ordered: false });
    const both = [ordered.subscriber, unordered.subscriber];
    await dispatchPass(both);
    const a = await heldOpen("a");
    await resolve("b");
    const whileOpen = await dispatchPass(both);
    expect(whileOpen.waiting).toEqual([ordered.subscriber.name]);
    expect(ordered.received).toEqual([]);
    expect(unordered.received).toEqual(["b"]);
    // Remembered as taken: the next pass neither hands it again nor counts it as waiting (no re-poll for it).
    expect(await takenAboveFence(unordered)).toBe(1);
    expect((await dispatchPass([unordered.subscriber])).waiting).toEqual([]);
    expect(unordered.received).toEqual(["b"]);

    await a.commit();
    await resolve("c");
    expect(await passUntil(ordered, 3)).toEqual(["a", "b", "c"]);
    expect(await passUntil(unordered, 3)).toEqual(["b", "a", "c"]);
    await dispatchPass(both);
    expect(ordered.received).toEqual(["a", "b", "c"]);
    expect(unordered.received).toEqual(["b", "a", "c"]);
    // Its cursor has passed the fence where "b" was: nothing is remembered any more.
    expect(await takenAboveFence(unordered)).toBe(0);
  });

  test("two dispatchers never hand it an event twice, above the fence or below", async () => {
    const handling = gate();
    const mayFinish = gate();
    const shared = testSubscriber({
      ordered: false,
      before: async () => {
        handling.open();
        await mayFinish.opened;
      },
    });
    await dispatchPass([shared.subscriber]);
    const a = await heldOpen("a");
    await resolve("b");
    const first = dispatchPass([shared.subscriber]);
    await handling.opened;
    const second = await dispatchPass([shared.subscriber]);
    expect(second.busy).toEqual([shared.subscriber.name]);
    mayFinish.open();
    expect((await first).failed).toEqual([]);
    await Promise.all([dispatchPass([shared.subscriber]), dispatchPass([shared.subscriber])]);
    expect(shared.received).toEqual(["b"]);

    await a.commit();
    await passUntil(shared, 2);
    await Promise.all([dispatchPass([shared.subscriber]), dispatchPass([shared.subscriber])]);
    expect(shared.received).toEqual(["b", "a"]);
  });

  test("a failing batch forgets what it took above the fence with the rest, and the events come again", async () => {
    let attempts = 0;
    const failing = testSubscriber({
      ordered: false,
      before: async () => {
        if (++attempts === 1) throw new Error("the first attempt fails");
      },
    });
    await dispatchPass([failing.subscriber]);
    const a = await heldOpen("a");
    await resolve("b");
    const firstTry = await dispatchPass([failing.subscriber]);
    expect(firstTry.failed.map((failure) => String(failure.error))).toEqual(["Error: the first attempt fails"]);
    expect(await takenAboveFence(failing)).toBe(0);
    expect(await passUntil(failing, 1)).toEqual(["b"]);
    expect(await takenAboveFence(failing)).toBe(1);

    await a.commit();
    expect(await passUntil(failing, 2)).toEqual(["b", "a"]);
  });
});
