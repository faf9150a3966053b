import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { writeChange } from "../../server/events/write-change";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const eventsOf = (organizationId: string) =>
  db().domainEvent.findMany({ where: { organizationId }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });

describe("the domain event record", () => {
  test("each change records its event, in its own transaction, with who did it and through what", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const organizationId = tenant.organization.id;
    const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Docs" })).body;
    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Typos" })).body;
    await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: "insert_page", title: "New", document: { markdown: "Hello" } }] });
    await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    await admin.patch(`/v1/orgs/${organizationId}`, { title: "Renamed" });

    const events = await eventsOf(organizationId);
    expect(events.map((event) => event.action)).toEqual([
      "space.created",
      "change_request.created",
      "change_request.content_edited",
      "change_request.merged",
      "organization.updated",
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ actorType: "user", actorId: tenant.admin.user.id, source: "api" });
    }
    expect(events[3]).toMatchObject({ targetType: "change_request", targetId: cr.id, targetLabel: "#1" });
  });

  test("a change refused or failed records nothing; another organization's changes are not in this one's record", async () => {
    const tenant = await createTenant();
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    expect((await reader.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Nope" })).status).toBe(403);
    await apiClient(server.url, tenant.stranger.token).post(`/v1/orgs/${tenant.otherOrganization.id}/spaces`, { title: "Theirs" });
    expect(await eventsOf(tenant.organization.id)).toEqual([]);
  });

  test("a write that declares no event is refused, and what it wrote is rolled back", async () => {
    const tenant = await createTenant();
    const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: "http://quire.test" };
    await expect(writeChange(ctx, (tx) => tx.organization.update({ where: { id: tenant.organization.id }, data: { title: "Silent" } }))).rejects.toThrow(/declared no domain event/);
    expect((await db().organization.findUniqueOrThrow({ where: { id: tenant.organization.id } })).title).not.toBe("Silent");
  });
});

describe("editing sessions in the audit log", () => {
  test("one editor opening's autosaves to a change request are one entry with their count and time span; /v1 writes, other openings and other people stay apart", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const organizationId = tenant.organization.id;
    const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Docs" })).body;
    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Typos" })).body;
    const caller = createCallerFactory(appRouter)({ actor: { userId: tenant.admin.user.id, via: "session" }, baseUrl: "http://quire.test", clientAddress: "test" });
    const save = (session: string, title: string) =>
      caller.changeRequests.applyChanges({ spaceId: space.id, ref: cr.id, session, changes: [{ operation: "insert_page", title, document: { markdown: title } }] });
    const edited = () => db().domainEvent.findMany({ where: { organizationId, action: "change_request.content_edited" }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });

    for (const title of ["One", "Two", "Three"]) await save("opening-a-123", title);
    const [session] = await edited();
    expect(await edited()).toHaveLength(1);
    const payload = session!.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ session: "opening-a-123", saves: 3, pages: 1 });
    expect(Date.parse(payload.lastAt as string)).toBeGreaterThanOrEqual(Date.parse(payload.firstAt as string));

    // A /v1 write is one entry, and the opening's next save after it starts a new one.
    await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: "insert_page", title: "Api", document: { markdown: "x" } }] });
    await save("opening-a-123", "Four");
    // Another person's save with the same session id is theirs alone.
    const writer = await tenant.member("admin");
    await createCallerFactory(appRouter)({ actor: { userId: writer.user.id, via: "session" }, baseUrl: "http://quire.test", clientAddress: "test" }).changeRequests.applyChanges({
      spaceId: space.id, ref: cr.id, session: "opening-a-123", changes: [{ operation: "insert_page", title: "Theirs", document: { markdown: "x" } }],
    });
    await save("opening-b-456", "Five");
    await save("opening-b-456", "Six");
    const entries = await edited();
    expect(entries.map((entry) => [entry.actorId, (entry.payload as { saves?: number }).saves ?? null])).toEqual([
      [tenant.admin.user.id, 3],
      [tenant.admin.user.id, null],
      [tenant.admin.user.id, 1],
      [writer.user.id, 1],
      [tenant.admin.user.id, 2],
    ]);
  });
});

describe("the audit log (listOrganizationAuditEvents, getOrganizationAuditEvent, listOrganizationAuditEventActions)", () => {
  test("admins page through the events newest first, filtered by action, actor, target and time; each reads with its payload", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const organizationId = tenant.organization.id;
    const first = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "One" })).body;
    const second = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Two" })).body;
    await admin.patch(`/v1/spaces/${first.id}`, { title: "One, renamed" });

    const all = await admin.get(`/v1/orgs/${organizationId}/audit-events?limit=2`);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.items.map((event: { action: string }) => event.action)).toEqual(["space.updated", "space.created"]);
    expect(all.body.items[0]).toMatchObject({ object: "audit-event", actor: { type: "user", id: tenant.admin.user.id }, source: "api", target: { type: "space", id: first.id, label: "One, renamed" } });
    const rest = await admin.get(`/v1/orgs/${organizationId}/audit-events?limit=2&page=${all.body.next.page}`);
    expect(rest.body.items.map((event: { target: { id: string } }) => event.target.id)).toEqual([first.id]);
    expect(rest.body.next).toBeUndefined();

    const created = await admin.get(`/v1/orgs/${organizationId}/audit-events?action=space.created&target=${second.id}`);
    expect(created.body.items).toHaveLength(1);
    expect((await admin.get(`/v1/orgs/${organizationId}/audit-events?actor=${tenant.stranger.user.id}`)).body.items).toEqual([]);
    expect((await admin.get(`/v1/orgs/${organizationId}/audit-events?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.count).toBe(0);

    const detail = await admin.get(`/v1/orgs/${organizationId}/audit-events/${all.body.items[0].id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ action: "space.updated", schemaVersion: 1, payload: { title: "One, renamed" } });

    const actions = await admin.get(`/v1/orgs/${organizationId}/audit-event-actions`);
    expect(actions.body.items).toContainEqual({ object: "audit-event-action", id: "change_request.merged", label: "Change request merged" });
  });

  test("members who are not admins get 403; another organization's admin gets 404, also for an event id of this one", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "One" });
    const [event] = (await admin.get(`/v1/orgs/${tenant.organization.id}/audit-events`)).body.items;
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    expect((await editor.get(`/v1/orgs/${tenant.organization.id}/audit-events`)).status).toBe(403);
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(`/v1/orgs/${tenant.organization.id}/audit-events`)).status).toBe(404);
    expect((await stranger.get(`/v1/orgs/${tenant.otherOrganization.id}/audit-events/${event.id}`)).status).toBe(404);
    expect((await admin.get(`/v1/orgs/${tenant.organization.id}/audit-events/not-a-uuid`)).status).toBe(400);
  });
});
