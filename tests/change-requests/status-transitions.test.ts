import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * The statuses a change request may move between, enforced by the server: draft and open go back and
 * forth, either is archived, an archived one comes back as a draft, and merged is final. Written out
 * here rather than read from the policy, so that a change to the policy's table fails this test.
 */
const ALLOWED: Record<string, string[]> = {
  draft: ["draft", "open", "archived"],
  open: ["draft", "open", "archived"],
  archived: ["draft", "archived"],
  merged: [],
};
const TARGETS = ["draft", "open", "archived"] as const;

let server: Awaited<ReturnType<typeof startApiServer>>;
let setup: Awaited<ReturnType<typeof createSetup>>;

async function createSetup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Transitions" })).body;
  const base = `/v1/spaces/${space.id}/change-requests`;
  /** A new change request brought to `status` the way people do: a patch, or a merge. */
  async function changeRequestIn(status: string, subject: string): Promise<{ id: string; number: number; updatedAt: string }> {
    const created = (await admin.post(base, { subject })).body;
    if (status === "draft") return created;
    const moved = status === "merged" ? await admin.post(`${base}/${created.id}/merge`) : await admin.patch(`${base}/${created.id}`, { status });
    expect(moved.status).toBe(200);
    return (await admin.get(`${base}/${created.id}`)).body;
  }
  const trpc = createCallerFactory(appRouter)({ actor: { userId: tenant.admin.user.id, via: "session" } satisfies Actor, baseUrl: "http://quire.test" });
  return { admin, space, base, changeRequestIn, trpc };
}

beforeAll(async () => {
  server = await startApiServer();
  setup = await createSetup();
});
afterAll(() => server.close());

describe("change request status transitions", () => {
  test("PATCH /v1 allows exactly the table's moves; a refusal is a 400 naming both statuses and changes nothing", async () => {
    const { admin, space, base, changeRequestIn } = setup;
    const seen: string[] = [];
    for (const from of Object.keys(ALLOWED)) {
      for (const to of TARGETS) {
        const changeRequest = await changeRequestIn(from, `${from} to ${to}`);
        const answer = await admin.patch(`${base}/${changeRequest.id}`, { status: to });
        const allowed = ALLOWED[from]!.includes(to);
        seen.push(`${from}→${to}: ${answer.status}`);
        const after = (await admin.get(`${base}/${changeRequest.id}`)).body;
        if (allowed) {
          expect(answer.body.status, `${from}→${to}`).toBe(to);
          expect(after.status).toBe(to);
          // Setting the status it already has is a success that changes nothing.
          if (from === to) expect(after.updatedAt).toBe(changeRequest.updatedAt);
        } else {
          expect(answer.body.error.message, `${from}→${to}`).toMatch(/^Change request \d+ is \w+ and cannot become \w+: /);
          expect(answer.body.error.details).toEqual({ from, to, allowed: ALLOWED[from]!.filter((status) => status !== from), fields: { status: answer.body.error.message } });
          expect(after).toMatchObject({ status: from, updatedAt: changeRequest.updatedAt });
        }
      }
    }
    expect(seen).toEqual([
      "draft→draft: 200",
      "draft→open: 200",
      "draft→archived: 200",
      "open→draft: 200",
      "open→open: 200",
      "open→archived: 200",
      "archived→draft: 200",
      "archived→open: 400",
      "archived→archived: 200",
      "merged→draft: 400",
      "merged→open: 400",
      "merged→archived: 400",
    ]);
    // The space's counts followed every move: one draft and one open ended in each, from draft and from open.
    const counts = (await admin.get(`/v1/spaces/${space.id}`)).body;
    const listed = async (status: string) => (await admin.get(`${base}?status=${status}&limit=100`)).body.items.length;
    expect({ open: counts.changeRequestsOpen, draft: counts.changeRequestsDraft }).toEqual({ open: await listed("open"), draft: await listed("draft") });
  });

  test("a merged change request keeps its subject, and says it can no longer be changed", async () => {
    const { admin, base, changeRequestIn } = setup;
    const merged = await changeRequestIn("merged", "Shipped");
    expect((await admin.get(`${base}/${merged.id}`)).body.permissions).toMatchObject({ edit: false });
    const renamed = await admin.patch(`${base}/${merged.id}`, { subject: "Renamed after the merge" });
    expect(renamed.status).toBe(400);
    const message = `Change request ${merged.number} is merged`;
    expect(renamed.body.error).toMatchObject({ message, details: { status: "merged", fields: { changeRequestId: message } } });
    expect((await admin.get(`${base}/${merged.id}`)).body).toMatchObject({ subject: "Shipped", updatedAt: merged.updatedAt });
    // An archived one still takes a new subject.
    const archived = await changeRequestIn("archived", "Shelved");
    expect((await admin.patch(`${base}/${archived.id}`, { subject: "Shelved for now" })).body).toMatchObject({ status: "archived", subject: "Shelved for now" });
  });

  test("tRPC goes through the same rule, with the same details", async () => {
    const { space, changeRequestIn, trpc } = setup;
    const archived = await changeRequestIn("archived", "Through tRPC");
    const refused = await trpc.changeRequests.update({ spaceId: space.id, ref: String(archived.number), status: "open" }).catch((caught: unknown) => caught);
    expect(refused).toMatchObject({ code: "BAD_REQUEST", cause: { details: { from: "archived", to: "open", allowed: ["draft"] } } });
    expect(await trpc.changeRequests.update({ spaceId: space.id, ref: String(archived.number), status: "draft" })).toMatchObject({ status: "draft" });
  });
});
