import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "../../server/webhooks/event-types";

/**
 * A webhook can subscribe to every type the organization's feed records: the types written in the
 * domain-event translation (its snake_case literals; actions are dotted) are all in the list, so
 * that a type added there without being added here fails.
 */
test("every event type the feed records from domain events can be subscribed to", () => {
  const source = readFileSync(new URL("../../server/integrations/events/from-domain-event.ts", import.meta.url), "utf8");
  const recorded = new Set([...source.matchAll(/"([a-z]+(?:_[a-z]+)+)"/g)].map((match) => match[1]!));
  expect(recorded.size).toBeGreaterThan(10);
  expect([...recorded].filter((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type))).toEqual([]);
});

test("the webhooks page lists every type once, with a label", async () => {
  const { EVENT_TYPE_GROUPS, eventTypeLabel } = await import("../../components/webhooks/event-type-labels");
  const listed = EVENT_TYPE_GROUPS.flatMap((group) => group.types);
  expect([...listed].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  for (const type of listed) expect(eventTypeLabel(type)).not.toBe(type);
});
