import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const callerOf = (userId: string) => createCallerFactory(appRouter)({ actor: { userId, via: "session" }, baseUrl: "http://quire.test", clientAddress: "test" });

describe("the home page's Waiting for you", () => {
  test("reviews asked and not yet given, unread mentions, and one's own draft and open change requests, in spaces one can still see", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Docs" })).body;
    const editor = await tenant.member("edit");
    const reviewer = await tenant.member("review");
    const asEditor = apiClient(server.url, editor.token);
    const crs = `/v1/spaces/${space.id}/change-requests`;
    const asked = (await asEditor.post(crs, { subject: "Rewrite the intro" })).body;
    const merged = (await asEditor.post(crs, { subject: "Merged already" })).body;
    await asEditor.post(`${crs}/${merged.id}/content`, { changes: [{ operation: "insert_page", title: "New", document: { markdown: "x" } }] });
    expect((await admin.post(`${crs}/${merged.id}/merge`)).status).toBe(200);
    expect((await asEditor.post(`${crs}/${asked.id}/requested-reviewers`, { users: [reviewer.user.id] })).status).toBeLessThan(300);
    // A mention as the notifications job leaves it (tests/notifications covers how it is built).
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId } });
    await db().notification.create({
      data: {
        id: newId(), userId: reviewer.user.id, organizationId, eventId: event.id, kind: "mention", actorId: editor.user.id, spaceId: space.id,
        summary: { actorName: "Ed Itor", spaceTitle: "Docs", excerpt: "Hey @Rev, **look**", path: `/o/${organizationId}/s/${space.id}/content` },
      },
    });

    const forReviewer = await callerOf(reviewer.user.id).organizations.waitingForMe({ organizationId });
    expect(forReviewer.reviewsRequested.map((item) => [item.number, item.subject, item.spaceTitle])).toEqual([[asked.number, "Rewrite the intro", "Docs"]]);
    expect(forReviewer.mentions).toMatchObject([{ actorName: "Ed Itor", spaceTitle: "Docs", excerpt: "Hey @Rev, look" }]);
    expect(forReviewer.myChangeRequests).toEqual([]);
    const forEditor = await callerOf(editor.user.id).organizations.waitingForMe({ organizationId });
    // Merged ones wait on no one.
    expect(forEditor.myChangeRequests.map((item) => item.number)).toEqual([asked.number]);
    expect(forEditor.reviewsRequested).toEqual([]);

    // A review given answers the request; a mention read leaves the list.
    expect((await apiClient(server.url, reviewer.token).post(`${crs}/${asked.id}/reviews`, { status: "approved" })).status).toBe(201);
    await db().notification.updateMany({ where: { userId: reviewer.user.id }, data: { readAt: new Date() } });
    expect(await callerOf(reviewer.user.id).organizations.waitingForMe({ organizationId })).toMatchObject({ reviewsRequested: [], mentions: [] });

    // A space the editor can no longer see takes its change requests off their list.
    await admin.patch(`/v1/spaces/${space.id}`, { defaultLevel: "none" });
    await db().member.update({ where: { organizationId_userId: { organizationId, userId: editor.user.id } }, data: { role: null } });
    expect((await callerOf(editor.user.id).organizations.waitingForMe({ organizationId })).myChangeRequests).toEqual([]);
    // Another organization's caller: not found.
    await expect(callerOf(tenant.stranger.user.id).organizations.waitingForMe({ organizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("an empty space offers the built-in templates, and applying one fills it once", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Empty", empty: true })).body;
    const caller = callerOf(tenant.admin.user.id);
    const { items } = await caller.settings.spaceTemplates();
    expect(items.map((template) => template.id)).toContain("knowledge-base");
    await caller.settings.applySpaceTemplate({ spaceId: space.id, id: "knowledge-base" });
    expect((await caller.settings.spacePages({ spaceId: space.id })).pages.length).toBeGreaterThan(1);
    await expect(caller.settings.applySpaceTemplate({ spaceId: space.id, id: "knowledge-base" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
