import { describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { createChangeRequest } from "../../server/change-requests/create-change-request";
import { createSpace } from "../../server/spaces/create-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";

/** The review screen's procedures: the same objects /v1 answers with (tests/reviews/reviews.test.ts checks those against the reference). */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);
const trpc = (userId: string) => createCaller({ actor: { userId, via: "session" } satisfies Actor, baseUrl: BASE_URL });

async function setup() {
  const tenant = await createTenant();
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE_URL };
  const space = await createSpace(ctx, tenant.organization.id, { title: "Docs" });
  const editor = await tenant.member("edit");
  const cr = await createChangeRequest({ actor: { userId: editor.user.id, via: "session" }}, space.id, { subject: "Edit" });
  const reviewer = await tenant.member("review");
  return { tenant, space, editor, reviewer, cr, input: { spaceId: space.id, changeRequest: String(cr.number) } };
}

describe("reviews over tRPC", () => {
  test("request, submit, list, remove: the screen's round trip", async () => {
    const { editor, reviewer, input } = await setup();
    const asked = await trpc(editor.user.id).reviews.request({ ...input, users: [reviewer.user.id] });
    expect(asked.users).toMatchObject([{ kind: "user", user: { id: reviewer.user.id } }]);
    expect(await trpc(reviewer.user.id).reviews.requested(input)).toMatchObject([{ user: { id: reviewer.user.id }, requestedBy: { id: editor.user.id } }]);
    const review = await trpc(reviewer.user.id).reviews.submit({ ...input, status: "changes-requested" });
    expect(review).toMatchObject({ object: "change-request-review", status: "changes-requested", outdated: false, requestedBy: { id: editor.user.id } });
    const again = await trpc(reviewer.user.id).reviews.submit({ ...input, status: "approved", markdown: "All good now." });
    expect(again.comment).toMatchObject({ body: { markdown: "All good now." } });
    expect((await trpc(reviewer.user.id).reviews.submit({ ...input, status: "approved", markdown: "  " })).comment).toBeUndefined();
    const listed = await trpc(editor.user.id).reviews.list(input);
    expect(listed.slice(0, 2).map((item) => [item.id, item.outdated])).toEqual([
      [review.id, true],
      [again.id, true],
    ]);
    expect(listed[1]!.comment?.body).toEqual({ markdown: "All good now." });
    // The change request by its number as a number, as the comments procedures take it.
    expect(await trpc(editor.user.id).reviews.mergeStatus({ spaceId: input.spaceId, changeRequest: Number(input.changeRequest) })).toMatchObject({ mergeable: true, approvals: 1 });
    await trpc(editor.user.id).reviews.removeRequest({ ...input, userId: reviewer.user.id });
    expect(await trpc(editor.user.id).reviews.requested(input)).toEqual([]);
    await expect(trpc(editor.user.id).reviews.submit({ ...input, status: "approved" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("candidates: up to 8 members matching the query who may review the space", async () => {
    const { tenant, space, reviewer, editor } = await setup();
    const candidates = await trpc(editor.user.id).reviews.candidates({ spaceId: space.id, query: "" });
    const ids = candidates.map((user) => user.id);
    expect(ids).toContain(reviewer.user.id);
    expect(ids).toContain(tenant.admin.user.id);
    expect(ids).not.toContain(editor.user.id);
    expect((await trpc(editor.user.id).reviews.candidates({ spaceId: space.id, query: reviewer.user.displayName.toUpperCase() })).map((user) => user.id)).toEqual([reviewer.user.id]);
    expect(await trpc(editor.user.id).reviews.candidates({ spaceId: space.id, query: "nobody-is-called-this" })).toEqual([]);
    for (let i = 0; i < 9; i++) await tenant.member("admin");
    expect(await trpc(editor.user.id).reviews.candidates({ spaceId: space.id, query: "" })).toHaveLength(8);
    await expect(trpc(tenant.stranger.user.id).reviews.candidates({ spaceId: space.id, query: "" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
