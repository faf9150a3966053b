import { afterAll, beforeAll, vi, describe, expect, test } from "vitest";
import { startApiServer } from "../helpers/server";
import { commentWorld, type Server } from "./helpers";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe.each(["space", "change request"])("who may do what with comments on a %s", (which) => {
  test("readers view; commenters post, reply, react and resolve; authors edit theirs; authors and admins delete; another organization finds nothing", async () => {
    const world = await commentWorld(server);
    const base = world.bases.find((b) => b.name === which)!.path;
    const reader = await world.member("read");
    const commenter = await world.member("comment");
    const editor = await world.member("edit");
    const adminComment = (await world.admin.post(base, { body: { markdown: "By the admin" } })).body;
    const adminReply = (await world.admin.post(`${base}/${adminComment.id}/replies`, { body: { markdown: "Admin reply" } })).body;

    // Read-only: sees everything, may do nothing, and is told so by `permissions`.
    const seen = await reader.client.get(`${base}/${adminComment.id}`);
    expect(seen.body.permissions).toEqual({ view: true, edit: false, reply: false, resolve: false, delete: false });
    expect((await reader.client.get(base)).body.count).toBe(1);
    expect((await reader.client.get(`${base}/${adminComment.id}/replies`)).body.items[0].permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect((await reader.client.post(base, { body: { markdown: "Nope" } })).status).toBe(403);
    expect((await reader.client.post(`${base}/${adminComment.id}/replies`, { body: { markdown: "Nope" } })).status).toBe(403);
    expect((await reader.client.put(`${base}/${adminComment.id}`, { addedReactions: ["👍"] })).status).toBe(403);
    expect((await reader.client.put(`${base}/${adminComment.id}`, { resolved: true })).status).toBe(403);
    expect((await reader.client.delete(`${base}/${adminComment.id}`)).status).toBe(403);

    // A commenter: posts, replies, reacts and resolves others' threads; edits and deletes only their own.
    expect((await commenter.client.get(`${base}/${adminComment.id}`)).body.permissions).toEqual({ view: true, edit: false, reply: true, resolve: true, delete: false });
    const own = await commenter.client.post(base, { body: { markdown: "Mine" } });
    expect(own.body.permissions).toEqual({ view: true, edit: true, reply: true, resolve: true, delete: true });
    expect((await commenter.client.post(`${base}/${adminComment.id}/replies`, { body: { markdown: "Reply" } })).status).toBe(200);
    expect((await commenter.client.put(`${base}/${adminComment.id}`, { addedReactions: ["👍"] })).status).toBe(200);
    expect((await commenter.client.put(`${base}/${adminComment.id}`, { resolved: true })).body).toMatchObject({ status: "resolved", resolvedBy: { id: commenter.user.id } });
    expect((await commenter.client.put(`${base}/${adminComment.id}`, { resolved: false })).body.status).toBe("open");
    expect((await commenter.client.put(`${base}/${adminComment.id}`, { body: { markdown: "Hijacked" } })).status).toBe(403);
    expect((await commenter.client.put(`${base}/${adminComment.id}/replies/${adminReply.id}`, { body: { markdown: "Hijacked" } })).status).toBe(403);
    expect((await commenter.client.delete(`${base}/${adminComment.id}`)).status).toBe(403);
    expect((await commenter.client.delete(`${base}/${adminComment.id}/replies/${adminReply.id}`)).status).toBe(403);
    expect((await commenter.client.put(`${base}/${own.body.id}`, { body: { markdown: "Mine, edited" } })).body.body.markdown).toBe("Mine, edited");

    // Not even an editor edits another's words; the admin deletes anyone's.
    expect((await editor.client.put(`${base}/${own.body.id}`, { body: { markdown: "Edited by the editor" } })).status).toBe(403);
    expect((await editor.client.delete(`${base}/${own.body.id}`)).status).toBe(403);
    expect((await world.admin.get(`${base}/${own.body.id}`)).body.permissions).toMatchObject({ edit: false, delete: true });
    expect((await world.admin.delete(`${base}/${adminComment.id}/replies/${adminReply.id}`)).status).toBe(204);
    expect((await world.admin.delete(`${base}/${own.body.id}`)).status).toBe(204);
    const second = await commenter.client.post(base, { body: { markdown: "Mine again" } });
    expect((await commenter.client.delete(`${base}/${second.body.id}`)).status).toBe(204);

    // Another organization's admin: not found, whatever they try.
    for (const response of [
      await world.stranger.get(base),
      await world.stranger.get(`${base}/${adminComment.id}`),
      await world.stranger.post(base, { body: { markdown: "Hello?" } }),
      await world.stranger.put(`${base}/${adminComment.id}`, { resolved: true }),
      await world.stranger.delete(`${base}/${adminComment.id}`),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await world.admin.get(`${base}/${adminComment.id}`)).body.status).toBe("open");
  });
});

test("a locked space still takes comments: they are not content edits", async () => {
  const world = await commentWorld(server);
  expect((await world.admin.patch(`/v1/spaces/${world.space.id}`, { editMode: "locked" })).status).toBe(200);
  const commenter = await world.member("comment");
  for (const base of [world.spaceBase, world.crBase]) {
    const posted = await commenter.client.post(base, { page: world.pageId, body: { markdown: "Still talking" } });
    expect(posted.status).toBe(200);
    expect((await commenter.client.put(`${base}/${posted.body.id}`, { resolved: true })).status).toBe(200);
  }
});
