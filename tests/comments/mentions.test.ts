import { afterAll, beforeAll, vi, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { extractMentions, excerptOf, MAX_MENTIONS } from "../../server/comments/mentions";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { startApiServer } from "../helpers/server";
import { commentWorld, eventsOf, type Server } from "./helpers";
import { cpuMsOf } from "../helpers/cpu-time";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const mention = (user: { id: string; displayName: string }) => `@[${user.displayName}](mention:${user.id})`;

describe("reading mentions", () => {
  test("distinct ids in order of first mention, bounded, ignoring what only looks like one", () => {
    expect(extractMentions("Hi @[Ada](mention:a1) and @[Bob](mention:b2), again @[Ada](mention:a1); not [x](mention:c3) nor @[Eve](https://e.example) nor @[](mention:d4)")).toEqual(["a1", "b2"]);
    expect(extractMentions(Array.from({ length: 80 }, (_, i) => `@[U${i}](mention:u${i})`).join(" "))).toHaveLength(MAX_MENTIONS);
    expect(excerptOf(`Ping ${mention({ id: "a1", displayName: "Ada Lovelace" })}\n\nplease`)).toBe("Ping @Ada Lovelace please");
  });

  test("hostile markdown is read in linear time", () => {
    for (const hostile of ["@[".repeat(100_000), `@[${"a".repeat(99)}`.repeat(1_000), `@[a](mention:${"b".repeat(63)}`.repeat(2_000)]) {
      const { result, ms } = cpuMsOf(() => extractMentions(hostile));
      expect(result).toEqual([]);
      // Linear: microseconds a kilobyte; a backtracking pattern would take minutes.
      expect(ms).toBeLessThan(1_000);
    }
  });
});

test("events carry the mentioned members who can view the space; an edit carries only the newly mentioned; replies too", async () => {
  const world = await commentWorld(server);
  const { admin, space, changeRequest, crBase, spaceBase, pageId, adminUser } = world;
  const reader = (await world.member("read")).user;
  const later = (await world.member("comment")).user;
  const guest = (await world.member(null)).user; // a member without access to the space
  const stranger = await db().user.findUniqueOrThrow({ where: { id: world.tenant.stranger.user.id } });

  const markdown = `Hey ${mention(reader)}, ${mention(guest)}, ${mention(stranger)} and ${mention(adminUser)}: look.`;
  const posted = (await admin.post(crBase, { page: pageId, body: { markdown } })).body;
  const [postedEvent] = await eventsOf(posted.id);
  expect(postedEvent).toMatchObject({ action: "comment.posted", targetType: "comment", targetId: posted.id });
  expect(postedEvent!.payload).toEqual({
    spaceId: space.id,
    changeRequestId: changeRequest.id,
    commentId: posted.id,
    pageId,
    mentions: [reader.id],
    excerpt: `Hey @${reader.displayName}, @${guest.displayName}, @${stranger.displayName} and @${adminUser.displayName}: look.`,
  });

  await admin.put(`${crBase}/${posted.id}`, { body: { markdown: `${markdown} Also ${mention(later)}.` } });
  const edited = (await eventsOf(posted.id)).find((event) => event.action === "comment.edited")!;
  expect(edited.payload).toMatchObject({ spaceId: space.id, changeRequestId: changeRequest.id, commentId: posted.id, pageId, mentions: [later.id] });

  await admin.put(`${crBase}/${posted.id}`, { resolved: true });
  expect((await eventsOf(posted.id)).find((event) => event.action === "comment.resolved")!.payload).toEqual({ spaceId: space.id, changeRequestId: changeRequest.id, commentId: posted.id });

  const onSpace = (await admin.post(spaceBase, { body: { markdown: "No one" } })).body;
  expect((await eventsOf(onSpace.id))[0]!.payload).toEqual({ spaceId: space.id, changeRequestId: null, commentId: onSpace.id, pageId: null, mentions: [], excerpt: "No one" });
  const reply = (await admin.post(`${spaceBase}/${onSpace.id}/replies`, { body: { markdown: `Thoughts, ${mention(later)}?` } })).body;
  const [replyEvent] = await eventsOf(reply.id);
  expect(replyEvent).toMatchObject({ action: "comment_reply.posted", targetType: "comment-reply" });
  expect(replyEvent!.payload).toEqual({ spaceId: space.id, changeRequestId: null, commentId: onSpace.id, replyId: reply.id, mentions: [later.id], excerpt: `Thoughts, @${later.displayName}?` });
  await admin.put(`${spaceBase}/${onSpace.id}/replies/${reply.id}`, { body: { markdown: `Thoughts, ${mention(later)} and ${mention(reader)}?` } });
  expect((await eventsOf(reply.id)).find((event) => event.action === "comment_reply.edited")!.payload).toMatchObject({ replyId: reply.id, mentions: [reader.id] });
  await admin.delete(`${spaceBase}/${onSpace.id}/replies/${reply.id}`);
  expect((await eventsOf(reply.id)).at(-1)).toMatchObject({ action: "comment_reply.deleted", payload: { spaceId: space.id, changeRequestId: null, commentId: onSpace.id, replyId: reply.id } });
});

test("the mention autocomplete suggests up to 8 members who can view the space, matching name or email", async () => {
  const world = await commentWorld(server);
  const tag = `zz${Date.now().toString(36)}`;
  const viewers = [];
  for (let i = 0; i < 10; i++) {
    const { user } = await world.member("read");
    viewers.push(await db().user.update({ where: { id: user.id }, data: { displayName: `${tag} Viewer ${i}` } }));
  }
  const { user: guest } = await world.member(null);
  await db().user.update({ where: { id: guest.id }, data: { displayName: `${tag} Guest` } });
  const caller = createCallerFactory(appRouter)({ actor: { userId: world.adminUser.id, via: "session" }, baseUrl: "http://quire.test" });
  const found = await caller.comments.mentionable({ spaceId: world.space.id, query: tag });
  expect(found).toHaveLength(8);
  expect(found.map((user) => user.displayName)).toEqual(viewers.slice(0, 8).map((user) => user.displayName));
  expect(found[0]).toEqual({ id: viewers[0]!.id, displayName: viewers[0]!.displayName, email: viewers[0]!.email, photoURL: null });
  expect(await caller.comments.mentionable({ spaceId: world.space.id, query: `${tag} guest` })).toEqual([]);
  expect(await caller.comments.mentionable({ spaceId: world.space.id, query: viewers[9]!.email })).toEqual([expect.objectContaining({ id: viewers[9]!.id })]);
  expect(await caller.comments.mentionable({ spaceId: world.space.id, query: "%_" })).toEqual([]);
});
