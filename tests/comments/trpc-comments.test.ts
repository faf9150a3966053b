import { TRPCError } from "@trpc/server";
import type { AppError } from "../../server/errors";
import { afterAll, beforeAll, vi, expect, test } from "vitest";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { startApiServer } from "../helpers/server";
import { commentWorld, type Server } from "./helpers";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const BASE_URL = "http://quire.test";

test("the discussion panel's procedures answer what /v1 answers, on a space and on a change request named by number", async () => {
  const world = await commentWorld(server);
  const { space, changeRequest, pageId } = world;
  const caller = createCallerFactory(appRouter)({ actor: { userId: world.adminUser.id, via: "session" }, baseUrl: BASE_URL });
  const onChangeRequest = { spaceId: space.id, changeRequest: changeRequest.number as number };

  const posted = await caller.comments.post({ ...onChangeRequest, page: pageId, markdown: "Via tRPC" });
  expect(posted).toMatchObject({ object: "comment", body: { markdown: "Via tRPC" }, target: { changeRequest: changeRequest.id, page: { id: pageId } } });
  const overRest = (await world.admin.get(`${world.crBase}/${posted.id}`)).body;
  // The same object, its URLs on the configured origin rather than the test server's.
  expect(JSON.parse(JSON.stringify(posted).replaceAll(BASE_URL, server.url))).toEqual(overRest);

  const list = await caller.comments.list({ ...onChangeRequest, status: "open" });
  expect(list.items.map((comment) => comment.id)).toEqual([posted.id]);
  expect(list.next).toBeUndefined();
  expect((await caller.comments.list({ spaceId: space.id, status: "all" })).items).toEqual([]);
  expect((await caller.comments.get({ ...onChangeRequest, commentId: posted.id })).id).toBe(posted.id);

  const updated = await caller.comments.update({ ...onChangeRequest, commentId: posted.id, markdown: "Edited via tRPC", resolved: true, addedReactions: ["✅"] });
  expect(updated).toMatchObject({ body: { markdown: "Edited via tRPC" }, status: "resolved", reactions: [{ emoji: "✅", count: 1 }] });
  expect((await caller.comments.list({ ...onChangeRequest, status: "open" })).items).toEqual([]);

  const reply = await caller.comments.reply({ ...onChangeRequest, commentId: posted.id, markdown: "A reply" });
  const edited = await caller.comments.updateReply({ ...onChangeRequest, commentId: posted.id, replyId: reply.id, markdown: "An edited reply", addedReactions: ["👀"] });
  expect(edited).toMatchObject({ object: "comment-reply", body: { markdown: "An edited reply" }, reactions: [{ emoji: "👀" }] });
  expect((await caller.comments.replies({ ...onChangeRequest, commentId: posted.id })).items.map((item) => item.id)).toEqual([reply.id]);
  await caller.comments.deleteReply({ ...onChangeRequest, commentId: posted.id, replyId: reply.id });
  expect((await caller.comments.replies({ ...onChangeRequest, commentId: posted.id })).items).toEqual([]);
  await caller.comments.delete({ ...onChangeRequest, commentId: posted.id });
  await expect(caller.comments.get({ ...onChangeRequest, commentId: posted.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

  // Bounds and refusals are the service's, with the field named.
  const refused = (promise: Promise<unknown>) => promise.then(() => null, (error: TRPCError) => ({ code: error.code, fields: (error.cause as AppError | undefined)?.details?.fields }));
  expect(await refused(caller.comments.post({ spaceId: space.id, markdown: "  " }))).toMatchObject({ code: "BAD_REQUEST", fields: { markdown: expect.stringMatching(/^Must not be empty/) } });
  expect(await refused(caller.comments.post({ spaceId: space.id, markdown: "x".repeat(20_001) }))).toMatchObject({ code: "BAD_REQUEST" });
  expect(await refused(caller.comments.post({ spaceId: space.id, node: "k", markdown: "x" }))).toMatchObject({ code: "BAD_REQUEST", fields: { node: expect.any(String) } });
  expect(await refused(caller.comments.update({ spaceId: space.id, commentId: "nope", addedReactions: Array.from({ length: 21 }, () => "👍") }))).toMatchObject({ code: "BAD_REQUEST" });
});
