import { afterAll, beforeAll, vi, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { fieldErrorsOf, startApiServer } from "../helpers/server";
import { blockKeysOf, commentWorld, eventsOf, type Server } from "./helpers";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

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
    // The same text again is no edit: `editedAt` stays, and no event is recorded.
    const unchanged = await admin.put(`${base.path}/${general.body.id}`, { body: { markdown: "Edited" } });
    expect(unchanged.body.editedAt).toBe(edited.body.editedAt);

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

describe("bodies", () => {
  test("a JSON document is stored as markdown and read back in either format; the empty document and oversized bodies are 400s naming the bound", async () => {
    const { admin, spaceBase } = await commentWorld(server);
    const document = {
      object: "document",
      data: {},
      nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Bold move", marks: [{ object: "mark", type: "bold", data: {} }] }] }] }],
    };
    const posted = await admin.post(spaceBase, { body: { document } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.body).toEqual({ markdown: "**Bold move**\n" });
    const asDocument = await admin.get(`${spaceBase}/${posted.body.id}?format=document`);
    expect(asDocument.body.body.document).toMatchObject({ object: "document", nodes: [{ type: "paragraph", nodes: [{ leaves: [{ text: "Bold move", marks: [{ type: "bold" }] }] }] }] });
    const list = await admin.get(`${spaceBase}?format=document`);
    expect(list.body.items[0].body.document.object).toBe("document");
    const reply = await admin.post(`${spaceBase}/${posted.body.id}/replies?format=document`, { body: { markdown: "_Yes_" } });
    expect(reply.body.body.document.nodes[0].type).toBe("paragraph");
    expect((await admin.get(`${spaceBase}/${posted.body.id}/replies?format=document`)).body.items[0].body.document.object).toBe("document");

    const refusals: [unknown, RegExp][] = [
      [{}, /^body: Must not be empty/],
      [{ markdown: "   \n" }, /^body\.markdown: Must not be empty/],
      [{ markdown: "x".repeat(20_001) }, /^body\.markdown: Must be at most 20000 characters/],
      [{ document: { object: "document", data: {}, nodes: Array.from({ length: 5000 }, () => document.nodes[0]) } }, /^body\.document: Must be at most 200000 characters as JSON/],
      [{ document: { object: "nope" } }, /^body\.document: Must be a JSON document/],
      ["text", /^body: /],
      [{ markdown: ">".repeat(100) + " deep" }, /^body: Nested deeper than 64 levels/],
    ];
    for (const [body, message] of refusals) {
      const response = await admin.post(spaceBase, { body });
      expect(response.status).toBe(400);
      expect(fieldErrorsOf(response.body)).toMatch(message);
    }
    expect((await admin.put(`${spaceBase}/${posted.body.id}`, { body: {} })).status).toBe(400);
    expect((await admin.get(`${spaceBase}?format=html`)).status).toBe(400);
  });

  test("a table cell target needs a page and is presented as given", async () => {
    const { admin, spaceBase, pageId } = await commentWorld(server);
    expect((await admin.post(spaceBase, { tableCell: { record: "r1", definition: "d1" }, body: { markdown: "Cell" } })).status).toBe(400);
    const posted = await admin.post(spaceBase, { page: pageId, tableCell: { record: "r1", definition: "d1" }, body: { markdown: "Cell" } });
    expect(posted.body.target).toMatchObject({ page: { id: pageId }, tableCell: { record: "r1", definition: "d1" } });
    expect((await admin.post(spaceBase, { page: pageId, tableCell: { record: "x".repeat(129), definition: "d" }, body: { markdown: "Cell" } })).status).toBe(400);
  });
});

describe("lists", () => {
  test("status, targetPage, authors (repeated or comma-separated) and order filter; keyset pages walk the whole list once", async () => {
    const world = await commentWorld(server);
    const { admin, spaceBase, pageId } = world;
    const other = await world.member("comment");
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push((await admin.post(spaceBase, { ...(i % 2 ? { page: pageId } : {}), body: { markdown: `Mine ${i}` } })).body);
    const theirs = (await other.client.post(spaceBase, { body: { markdown: "Theirs" } })).body;
    await admin.put(`${spaceBase}/${mine[0].id}`, { resolved: true });
    await admin.put(`${spaceBase}/${mine[3].id}`, { resolved: true });
    // Comments of the change request are not the space's.
    await admin.post(world.crBase, { body: { markdown: "Elsewhere" } });

    const ids = async (query: string) => ((await admin.get(`${spaceBase}?${query}`)).body.items as { id: string }[]).map((comment) => comment.id);
    const all = [...mine, theirs].map((comment) => comment.id);
    expect(await ids("")).toEqual([...all].reverse());
    expect(await ids("order=asc")).toEqual(all);
    expect(await ids("status=open&order=asc")).toEqual([mine[1].id, mine[2].id, mine[4].id, theirs.id]);
    expect(await ids("status=resolved&order=asc")).toEqual([mine[0].id, mine[3].id]);
    expect(await ids(`targetPage=${pageId}&order=asc`)).toEqual([mine[1].id, mine[3].id]);
    expect(await ids(`authors=${other.user.id}`)).toEqual([theirs.id]);
    expect(await ids(`authors=${other.user.id}&authors=${world.adminUser.id}&order=asc`)).toEqual(all);
    expect(await ids(`authors=${other.user.id},${world.adminUser.id}&order=asc`)).toEqual(all);
    expect((await admin.get(`${spaceBase}?status=open`)).body.count).toBe(4);
    expect((await admin.get(`${spaceBase}?status=closed`)).status).toBe(400);
    expect((await admin.get(`${spaceBase}?order=up`)).status).toBe(400);

    for (const order of ["asc", "desc"]) {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const response = await admin.get(`${spaceBase}?order=${order}&limit=2${page ? `&page=${page}` : ""}`);
        expect(response.body.count).toBe(6);
        seen.push(...response.body.items.map((comment: { id: string }) => comment.id));
        page = response.body.next?.page;
      } while (page);
      expect(seen).toEqual(order === "asc" ? all : [...all].reverse());
    }
    expect((await admin.get(`${spaceBase}?page=garbage`)).status).toBe(400);
  });

  test("replies list oldest first and page; replies and repliers are counted per comment", async () => {
    const world = await commentWorld(server);
    const { admin, crBase } = world;
    const other = await world.member("comment");
    const comment = (await admin.post(crBase, { body: { markdown: "Thread" } })).body;
    const replies = [];
    for (const [client, text] of [[admin, "one"], [other.client, "two"], [other.client, "three"]] as const) replies.push((await client.post(`${crBase}/${comment.id}/replies`, { body: { markdown: text } })).body);
    const first = await admin.get(`${crBase}/${comment.id}/replies?limit=2`);
    expect(first.body.items.map((reply: { id: string }) => reply.id)).toEqual([replies[0].id, replies[1].id]);
    const second = await admin.get(`${crBase}/${comment.id}/replies?limit=2&page=${first.body.next.page}`);
    expect(second.body.items.map((reply: { id: string }) => reply.id)).toEqual([replies[2].id]);
    expect(second.body.next).toBeUndefined();
    const read = (await admin.get(`${crBase}/${comment.id}`)).body;
    expect(read.replies).toBe(3);
    expect(read.repliers).toEqual([
      { user: expect.objectContaining({ id: other.user.id }), count: 2, updatedAt: replies[2].postedAt },
      { user: expect.objectContaining({ id: world.adminUser.id }), count: 1, updatedAt: replies[0].postedAt },
    ]);
    // A reply of another comment is not found under this one.
    const elsewhere = (await admin.post(crBase, { body: { markdown: "Other thread" } })).body;
    expect((await admin.get(`${crBase}/${elsewhere.id}/replies/${replies[0].id}`)).status).toBe(404);
    expect((await admin.get(`${world.spaceBase}/${comment.id}`)).status).toBe(404);
  });

  test("commenters are the members who posted or replied in the base", async () => {
    const world = await commentWorld(server);
    const { admin, spaceBase, crBase, space, changeRequest } = world;
    const replier = await world.member("comment");
    const crOnly = await world.member("comment");
    const comment = (await admin.post(spaceBase, { body: { markdown: "Hi" } })).body;
    await replier.client.post(`${spaceBase}/${comment.id}/replies`, { body: { markdown: "Hello" } });
    await crOnly.client.post(crBase, { body: { markdown: "On the change request" } });
    const inSpace = await admin.get(`/v1/spaces/${space.id}/commenters`);
    expect(inSpace.body.items.map((member: { id: string }) => member.id).sort()).toEqual([world.adminUser.id, replier.user.id].sort());
    expect(inSpace.body.count).toBe(2);
    expect(inSpace.body.items[0]).toMatchObject({ object: "member", user: { object: "user" } });
    const inChangeRequest = await admin.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.number}/commenters?limit=1`);
    expect(inChangeRequest.body.items.map((member: { id: string }) => member.id)).toEqual([crOnly.user.id]);
    expect(inChangeRequest.body.next).toBeUndefined();
  });
});

describe("reactions", () => {
  test("added per user, idempotent, removed; grouped by emoji in first-use order with each user's reactedAt", async () => {
    const world = await commentWorld(server);
    const { admin, spaceBase } = world;
    const other = await world.member("comment");
    const comment = (await admin.post(spaceBase, { body: { markdown: "React" } })).body;
    const path = `${spaceBase}/${comment.id}`;
    await admin.put(path, { addedReactions: ["👍"] });
    await admin.put(path, { addedReactions: ["🎉"] });
    const twice = await admin.put(path, { addedReactions: ["👍", "👍"] });
    expect(twice.body.reactions.map((reaction: { emoji: string; count: number }) => [reaction.emoji, reaction.count])).toEqual([
      ["👍", 1],
      ["🎉", 1],
    ]);
    const both = (await other.client.put(path, { addedReactions: ["👍"] })).body.reactions;
    expect(both[0]).toMatchObject({ emoji: "👍", count: 2, users: [{ user: { id: world.adminUser.id } }, { user: { id: other.user.id } }] });
    expect(Date.parse(both[0].users[0].reactedAt)).toBeLessThanOrEqual(Date.parse(both[0].users[1].reactedAt));
    const removed = (await admin.put(path, { removedReactions: ["👍", "❤️"] })).body.reactions;
    // The 👍 left is the other user's, given after the 🎉: the order is that of the reactions still there.
    expect(removed.map((reaction: { emoji: string; count: number }) => [reaction.emoji, reaction.count])).toEqual([
      ["🎉", 1],
      ["👍", 1],
    ]);
    expect(removed[1].users.map((entry: { user: { id: string } }) => entry.user.id)).toEqual([other.user.id]);
    expect((await admin.put(path, { addedReactions: Array.from({ length: 21 }, (_, i) => `:${i}:`) })).status).toBe(400);
    expect((await admin.put(path, { addedReactions: ["x".repeat(33)] })).status).toBe(400);
    const actions = (await eventsOf(comment.id)).map((event) => event.action);
    // The idempotent add changed nothing and recorded nothing.
    expect(actions).toEqual(["comment.posted", ...Array(4).fill("comment.reactions_changed")]);
  });
});

describe("deleting", () => {
  test("a comment takes its replies and their reactions with it", async () => {
    const { admin, crBase } = await commentWorld(server);
    const comment = (await admin.post(crBase, { body: { markdown: "Doomed" } })).body;
    await admin.put(`${crBase}/${comment.id}`, { addedReactions: ["👀"] });
    const reply = (await admin.post(`${crBase}/${comment.id}/replies`, { body: { markdown: "Also doomed" } })).body;
    await admin.put(`${crBase}/${comment.id}/replies/${reply.id}`, { addedReactions: ["👀"] });
    expect((await admin.delete(`${crBase}/${comment.id}`)).status).toBe(204);
    expect(await db().commentReply.count({ where: { commentId: comment.id } })).toBe(0);
    expect(await db().commentReaction.count({ where: { OR: [{ commentId: comment.id }, { replyId: reply.id }] } })).toBe(0);
    expect((await admin.get(`${crBase}/${comment.id}/replies/${reply.id}`)).status).toBe(404);
    expect((await admin.post(`${crBase}/${comment.id}/replies`, { body: { markdown: "Too late" } })).status).toBe(404);
  });
});
