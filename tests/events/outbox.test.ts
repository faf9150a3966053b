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
  return writeChange({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test" }, async (tx, events) => {
    await tx.$queryRaw`SELECT pg_current_xact_id()::text`;
    events.record({ organizationId: tenant.organization.id, action: "comment.resolved", target: { type: "comment", id: commentId }, payload: { spaceId: "s", changeRequestId: null, commentId } });
    await during?.();
  });
}

let subscribers = 0;
/** A subscriber of `comment.resolved` (a new name each time: it starts at the current position) keeping the comment ids it was handed, in order. */
function testSubscriber(before?: (tx: Db, events: CommittedEvent<"comment.resolved">[]) => Promise<void>) {
  const received: string[] = [];
  const subscriber = defineSubscriber({
    name: `test-${++subscribers}-${Date.now()}`,
    actions: ["comment.resolved"],
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

describe("the catalog", () => {
  test("a payload not matching its action's schema does not compile, and is refused at record time: nothing is written", async () => {
    const write = writeChange({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test" }, async (tx, events) => {
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
    const shared = testSubscriber(async () => {
      handling.open();
      await mayFinish.opened;
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
    const failing = testSubscriber(async (tx, events) => {
      attempts++;
      await tx.organization.update({ where: { id: tenant.organization.id }, data: { title: `Handled ${events.map((event) => event.payload.commentId).join(",")}` } });
      if (attempts === 1) throw new Error("the first attempt fails");
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
