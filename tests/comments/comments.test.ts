import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApiServer } from "../helpers/server";
import { blockKeysOf, commentWorld, eventsOf, type Server } from "./helpers";

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe.each(["space", "change request"])("comments on a %s", (which) => {
  test("post on the base, a page and a block; get, list, edit, resolve, reopen and delete", async () => {
    const world = await commentWorld(server);
    const { admin, space, pageId } = world;
    const base = world.bases.find((b) => b.name === which)!;
    const keys = await blockKeysOf(admin, space.id, pageId, base.changeRequest);

    const general = await admin.post(base.path, { body: { markdown: "What about **this**?" } });
    expect(general.status).toBe(200);
    expect(general.body).toMatchObject({
      object: "comment",
      body: { markdown: "What about **this**?" },
      status: "open",
      replies: 0,
      repliers: [],
      reactions: [],
      target: { space: space.id, ...(base.changeRequest ? { changeRequest: base.changeRequest } : {}) },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(general.body.target.page).toBeUndefined();

    const onPage = await admin.post(base.path, { page: pageId, body: { markdown: "On the page" } });
    expect(onPage.body.target.page).toMatchObject({ id: pageId, title: "Guide", path: "guide", outdated: false });
    const onBlock = await admin.post(base.path, { page: pageId, node: keys[1], body: { markdown: "On the second paragraph" } });
    expect(onBlock.status).toBe(200);
    expect(onBlock.body.target.node).toEqual({ id: keys[1], preview: "Second paragraph." });

    expect((await admin.post(base.path, { page: "nope", body: { markdown: "x" } })).status).toBe(400);
    expect((await admin.post(base.path, { page: pageId, node: "nokey", body: { markdown: "x" } })).status).toBe(400);
    expect((await admin.post(base.path, { node: keys[0], body: { markdown: "x" } })).status).toBe(400);

    const got = await admin.get(`${base.path}/${onBlock.body.id}`);
    expect(got.body.id).toBe(onBlock.body.id);
    const list = await admin.get(base.path);
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([onBlock.body.id, onPage.body.id, general.body.id]);
    expect(list.body.count).toBe(3);

    const edited = await admin.put(`${base.path}/${general.body.id}`, { body: { markdown: "Edited" } });
    expect(edited.body).toMatchObject({ body: { markdown: "Edited" } });
    expect(edited.body.editedAt).toBeDefined();

    const resolved = await admin.put(`${base.path}/${general.body.id}`, { resolved: true });
    expect(resolved.body).toMatchObject({ status: "resolved", resolvedBy: { id: world.adminUser.id } });
    const reopened = await admin.put(`${base.path}/${general.body.id}`, { resolved: false });
    expect(reopened.body.status).toBe("open");
    expect(reopened.body.resolvedAt).toBeUndefined();

    const reply = await admin.post(`${base.path}/${general.body.id}/replies`, { body: { markdown: "A reply" } });
    expect(reply.body).toMatchObject({ object: "comment-reply", body: { markdown: "A reply" } });
    expect((await admin.get(`${base.path}/${general.body.id}`)).body).toMatchObject({ replies: 1, repliers: [{ user: { id: world.adminUser.id }, count: 1 }] });
    expect((await admin.get(`${base.path}/${general.body.id}/replies`)).body.items).toHaveLength(1);
    expect((await admin.get(`${base.path}/${general.body.id}/replies/${reply.body.id}`)).body.id).toBe(reply.body.id);
    const replyEdited = await admin.put(`${base.path}/${general.body.id}/replies/${reply.body.id}`, { body: { markdown: "Edited reply" }, addedReactions: ["👍"] });
    expect(replyEdited.body).toMatchObject({ body: { markdown: "Edited reply" }, reactions: [{ emoji: "👍", count: 1 }] });
    expect((await admin.delete(`${base.path}/${general.body.id}/replies/${reply.body.id}`)).status).toBe(204);
    expect((await admin.delete(`${base.path}/${general.body.id}/replies/${reply.body.id}`)).status).toBe(204);

    expect((await admin.delete(`${base.path}/${general.body.id}`)).status).toBe(204);
    expect((await admin.delete(`${base.path}/${general.body.id}`)).status).toBe(204);
    expect((await admin.get(`${base.path}/${general.body.id}`)).status).toBe(404);
    expect((await eventsOf(general.body.id)).map((event) => event.action)).toEqual(["comment.posted", "comment.edited", "comment.resolved", "comment.reopened", "comment.deleted"]);
  });
});
