import { afterAll, beforeAll, vi, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { titleFrom } from "../../server/comments/conversations";
import { startApiServer } from "../helpers/server";
import { commentWorld, eventsOf, type Server } from "./helpers";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

test("a change request's discussion of itself is its default conversation: created with the first such comment, titled from it, renamed, deleted with its comments", async () => {
  const world = await commentWorld(server);
  const { admin, space, changeRequest, crBase, pageId } = world;
  const conversations = `/v1/spaces/${space.id}/change-requests/${changeRequest.number}/conversations`;
  expect((await admin.get(conversations)).body).toEqual({ items: [], count: 0 });

  // A comment on a page is no part of it; one on the change request itself starts it.
  const onPage = (await admin.post(crBase, { page: pageId, body: { markdown: "On the page" } })).body;
  expect((await admin.get(conversations)).body.count).toBe(0);
  const first = (await admin.post(crBase, { body: { markdown: "\n## Why this change?  \nBecause @[Ada](mention:nobody) asked.\n" } })).body;
  const second = (await admin.post(crBase, { body: { markdown: "Second message" } })).body;
  const listed = (await admin.get(conversations)).body;
  expect(listed.items).toEqual([
    expect.objectContaining({ object: "agent-conversation", id: "default", title: "Why this change?", shared: true, permissions: { view: true, rename: true, delete: true } }),
  ]);
  expect(Date.parse(listed.items[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(second.postedAt));
  expect(await db().comment.count({ where: { changeRequestId: changeRequest.id, conversationId: "default" } })).toBe(2);

  const reader = await world.member("read");
  const editor = await world.member("edit");
  expect((await reader.client.patch(`${conversations}/default`, { title: "Mine" })).status).toBe(403);
  const renamed = await editor.client.patch(`${conversations}/default`, { title: "  Scope of the change  " });
  expect(renamed.body).toMatchObject({ id: "default", title: "Scope of the change" });
  expect((await editor.client.patch(`${conversations}/default`, { title: "" })).status).toBe(400);
  expect((await editor.client.patch(`${conversations}/other`, { title: "x" })).status).toBe(404);
  expect((await editor.client.delete(`${conversations}/default`)).status).toBe(403);

  expect((await admin.delete(`${conversations}/default`)).status).toBe(205);
  expect((await admin.delete(`${conversations}/default`)).status).toBe(205);
  expect((await admin.get(`${crBase}/${first.id}`)).status).toBe(404);
  expect((await admin.get(`${crBase}/${second.id}`)).status).toBe(404);
  expect((await admin.get(`${crBase}/${onPage.id}`)).status).toBe(200);
  expect((await eventsOf(`${changeRequest.id}/default`)).map((event) => [event.action, event.payload])).toEqual([
    ["conversation.updated", { spaceId: space.id, changeRequestId: changeRequest.id, conversationId: "default" }],
    ["conversation.deleted", { spaceId: space.id, changeRequestId: changeRequest.id, conversationId: "default" }],
  ]);

  // The next comment on the change request starts a new one.
  await admin.post(crBase, { body: { markdown: "Starting over" } });
  expect((await admin.get(conversations)).body.items[0].title).toBe("Starting over");
  // Space comments have no conversation.
  await admin.post(world.spaceBase, { body: { markdown: "On the space" } });
  expect(await db().comment.count({ where: { spaceId: space.id, changeRequestId: null, conversationId: { not: null } } })).toBe(0);
});

test("a conversation's title is the first line with text, without its markdown block marker, at most 100 characters", () => {
  expect(titleFrom("\n\n# Heading here\nbody")).toBe("Heading here");
  expect(titleFrom("- item one\n- item two")).toBe("item one");
  expect(titleFrom("Ping @[Grace Hopper](mention:u1) now")).toBe("Ping @Grace Hopper now");
  expect(titleFrom("x".repeat(300))).toHaveLength(100);
});
