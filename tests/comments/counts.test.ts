import { afterAll, beforeAll, vi, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { startApiServer } from "../helpers/server";
import { commentWorld, type Server } from "./helpers";

// Many calls each, on a machine other suites share.
vi.setConfig({ testTimeout: 120_000 });

let server: Server;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** What the database holds: open comments of the space's own and of the change request. */
async function truth(spaceId: string, changeRequestId: string) {
  return {
    space: await db().comment.count({ where: { spaceId, changeRequestId: null, resolvedAt: null } }),
    changeRequest: await db().comment.count({ where: { changeRequestId, resolvedAt: null } }),
  };
}

test("open-comment counts of spaces and change requests stay exact under 20 concurrent posts, resolves and deletes", async () => {
  const world = await commentWorld(server);
  const { admin, space, changeRequest, spaceBase, crBase, tenant } = world;
  const commenters = await Promise.all(Array.from({ length: 4 }, () => world.member("comment")));
  const counts = async () => ({
    space: (await admin.get(`/v1/spaces/${space.id}`)).body.comments,
    changeRequest: (await admin.get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)).body.comments,
  });

  // 20 concurrent posts on each base, by five people.
  const clients = [admin, ...commenters.map((c) => c.client)];
  const post = (base: string) => Promise.all(Array.from({ length: 20 }, (_, i) => clients[i % clients.length]!.post(base, { body: { markdown: `Comment ${i}` } })));
  const [onSpace, onChangeRequest] = await Promise.all([post(spaceBase), post(crBase)]);
  expect([...onSpace, ...onChangeRequest].every((response) => response.status === 200)).toBe(true);
  expect(await counts()).toEqual({ space: 20, changeRequest: 20 });

  // Concurrently: resolve 8 of each (some twice at once), reopen 2 of those, delete 5 of each.
  const ids = (responses: typeof onSpace) => responses.map((response) => response.body.id as string);
  const work = [spaceBase, crBase].flatMap((base, b) => {
    const list = ids([onSpace, onChangeRequest][b]!);
    return [
      ...list.slice(0, 8).flatMap((id) => [admin.put(`${base}/${id}`, { resolved: true }), admin.put(`${base}/${id}`, { resolved: true })]),
      ...list.slice(10, 15).map((id) => admin.delete(`${base}/${id}`)),
      ...list.slice(15, 20).map((id) => admin.put(`${base}/${id}`, { addedReactions: ["👍"] })),
    ];
  });
  const answers = await Promise.all(work);
  expect(answers.every((response) => response.status < 300)).toBe(true);
  await Promise.all([spaceBase, crBase].flatMap((base, b) => ids([onSpace, onChangeRequest][b]!).slice(0, 2).map((id) => admin.put(`${base}/${id}`, { resolved: false }))));

  const expected = await truth(space.id, changeRequest.id);
  expect(expected).toEqual({ space: 20 - 8 + 2 - 5, changeRequest: 20 - 8 + 2 - 5 });
  expect(await counts()).toEqual(expected);
  // Lists are counted in one query for all their items, with the same answers.
  const spaces = (await admin.get(`/v1/orgs/${tenant.organization.id}/spaces`)).body.items;
  expect(spaces.find((item: { id: string }) => item.id === space.id).comments).toBe(expected.space);
  const changeRequests = (await admin.get(`/v1/spaces/${space.id}/change-requests?status=draft`)).body.items;
  expect(changeRequests.find((item: { id: string }) => item.id === changeRequest.id).comments).toBe(expected.changeRequest);
  expect((await admin.get(`${spaceBase}?status=open`)).body.count).toBe(expected.space);
  expect((await admin.get(`${crBase}?status=open`)).body.count).toBe(expected.changeRequest);
});
