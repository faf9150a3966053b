import { expect, test } from "vitest";
import { db } from "../../server/db/client";
import { recordOrganizationEvents } from "../../server/integrations/events/record";
import { jobQueue } from "../../server/jobs/boss";
import { deliverEventsJob } from "../../server/deliveries/job";
import { createInstallation, createIntegration, createOrganization } from "../helpers/factories";
import { createWebhookRow } from "./fixtures";

async function deliveriesOf(eventIds: string[]) {
  return db().$queryRaw<{ type: string; installation_id: string | null; integration_id: string | null; webhook_id: string | null }[]>`
    SELECT e.type, d.installation_id, d.integration_id, d.webhook_id FROM event_deliveries d JOIN organization_events e ON e.id = d.event_id
    WHERE e.id = ANY (${eventIds}) ORDER BY e.seq, d.installation_id, d.webhook_id`;
}

async function record(events: Parameters<typeof recordOrganizationEvents>[1]) {
  await db().$transaction((tx) => recordOrganizationEvents(tx, events));
  const rows = await db().$queryRaw<{ id: string; payload: Record<string, unknown> }[]>`
    SELECT id, payload FROM organization_events WHERE organization_id = ${events[0]!.organizationId} ORDER BY txid, seq`;
  return rows;
}

test("events are recorded in order with their id in the payload; without subscribers no delivery and no job", async () => {
  const organization = await createOrganization();
  const rows = await record([
    { organizationId: organization.id, type: "member_joined", payload: { userId: "u1" } },
    { organizationId: organization.id, type: "member_removed", payload: { userId: "u1" } },
  ]);
  expect(rows.map((row) => row.payload.type)).toEqual(["member_joined", "member_removed"]);
  for (const row of rows) expect(row.payload.eventId).toBe(row.id);
  expect(await deliveriesOf(rows.map((row) => row.id))).toEqual([]);
});

test("each event goes to the installations reaching it (reference types only), the webhooks of its types, and a targeted event to its target alone", async () => {
  const organization = await createOrganization();
  const other = await createOrganization();
  const space = (await db().space.create({ data: { id: `s-${Date.now()}`, organizationId: organization.id, title: "A", sortKey: 1 } })).id;
  const unreached = (await db().space.create({ data: { id: `u-${Date.now()}`, organizationId: organization.id, title: "B", sortKey: 2 } })).id;
  const { integration } = await createIntegration(other.id, { scopes: ["site:views:read"] });
  const reaching = await createInstallation(integration.id, organization.id, { spaceIds: [space] });
  const { integration: unscoped } = await createIntegration(other.id);
  const allSpaces = await createInstallation(unscoped.id, organization.id, { spaceSelection: "all", siteSelection: "all" });
  const { webhook: all } = await createWebhookRow(organization.id, "https://example.test/all");
  const { webhook: onlyMembers } = await createWebhookRow(organization.id, "https://example.test/m", ["member_joined"]);
  const site = (await db().site.findFirst({ where: { organizationId: organization.id } }))?.id;
  expect(site).toBeUndefined();

  const rows = await record([
    { organizationId: organization.id, type: "space_content_updated", payload: {}, spaceId: space },
    { organizationId: organization.id, type: "space_content_updated", payload: {}, spaceId: unreached },
    { organizationId: organization.id, type: "member_joined", payload: {} },
    { organizationId: organization.id, type: "installation_setup", payload: {}, installationId: reaching.id, integrationId: integration.id },
    { organizationId: organization.id, type: "ping", payload: {}, webhookId: onlyMembers.id },
  ]);
  const got = await deliveriesOf(rows.map((row) => row.id));
  const names = new Map([[reaching.id, "reaching"], [allSpaces.id, "allSpaces"], [all.id, "all"], [onlyMembers.id, "onlyMembers"]]);
  expect(got.map((row) => `${row.type}→${names.get(row.installation_id ?? row.webhook_id ?? "")}`).sort()).toEqual(
    [
      "space_content_updated→reaching",
      "space_content_updated→allSpaces",
      "space_content_updated→all",
      "space_content_updated→allSpaces",
      "space_content_updated→all",
      "member_joined→all",
      "member_joined→onlyMembers",
      "installation_setup→reaching",
      "installation_setup→all",
      "ping→onlyMembers",
    ].sort(),
  );
  const boss = await jobQueue();
  const jobs = await boss.findJobs(deliverEventsJob.name, { key: `installation:${reaching.id}` });
  expect(jobs.length).toBe(1);
});
