import { afterAll, beforeAll, expect, test } from "vitest";
import { newId } from "../../server/ids";
import { commitToChangeRequest, createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Merges and updates from main of change requests of one space, sent twenty at a time, used to
 * answer 500 (PostgreSQL deadlocks, transaction start timeouts): a merge locked the space then the
 * change request, an update of the same change request the other way round. Each change request
 * edits its own page, so every merge succeeds; an update that comes after its change request's
 * merge answers 400 (it is merged), one before it 200.
 */

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());

async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

test("10 merges and 20 updates from main of one space's change requests, 20 at a time, four rounds: no 500, every change request merged", async () => {
  const tenant = await createTenant();
  const admin = apiClient(api.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Busy", empty: true })).body as { id: string };
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const now = new Date().toISOString();
  const statuses: number[] = [];
  for (let round = 0; round < 4; round++) {
    const opened = await inParallel(
      Array.from({ length: 10 }, (_, index) => async () => {
        const cr = (await admin.post(crs, { subject: `Round ${round}, ${index}` })).body as { id: string; number: number };
        const title = `Round ${round} page ${index}`;
        await commitToChangeRequest(cr.id, {
          put: [{ id: newId(), title, slug: `r${round}-p${index}`, parentId: null, sortKey: round * 100 + index, markdown: `${title}\n`, createdAt: now, updatedAt: now }],
        });
        return cr;
      }),
      10,
    );
    // Each change request is merged once and updated twice, all at once.
    const requests = opened.flatMap((cr) => [
      () => admin.post(`${crs}/${cr.number}/update`),
      () => admin.post(`${crs}/${cr.number}/merge`),
      () => admin.post(`${crs}/${cr.number}/update`),
    ]);
    const answers = await inParallel(requests, 20);
    statuses.push(...answers.map((answer) => answer.status));
    for (const cr of opened) expect((await admin.get(`${crs}/${cr.id}`)).body.status).toBe("merged");
  }
  expect(statuses).toHaveLength(120);
  expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([]);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(40);
}, 300_000);
