import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** A space with a page, a change request opened by an editor, and members of each role to review it. */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs", empty: true })).body;
  await commitPages(space.id, [{ title: "Guide", slug: "guide", markdown: "# Guide\n\nIntro.\n" }]);
  const editor = await tenant.member("edit");
  const reviewer = await tenant.member("review");
  const second = await tenant.member("review");
  const commenter = await tenant.member("comment");
  const as = (member: { token: string }) => apiClient(server.url, member.token);
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const cr = (await as(editor).post(crs, { subject: "Edit the guide" })).body as { id: string; number: number; revision: string };
  const base = `${crs}/${cr.id}`;
  /** A new revision of the change request, as an edit by `authorId`. */
  const edit = async (text: string, authorId = editor.user.id) => {
    const guide = (await pagesOf((await db().changeRequest.findUniqueOrThrow({ where: { id: cr.id } })).revisionId)).find((page) => page.title === "Guide")!;
    const revision = await commitToChangeRequest(cr.id, { put: [{ ...guide, markdown: `# Guide\n\n${text}\n` }] });
    await db().revision.update({ where: { id: revision.id }, data: { authorId } });
    return revision;
  };
  return { tenant, admin, space, editor, reviewer, second, commenter, as, crs, cr, base, edit };
}

describe("submitting reviews", () => {
  test("a reviewer approves: 201 with a Location, the review at the change request's revision, listed and readable", async () => {
    const { as, reviewer, cr, base } = await setup();
    const submitted = await as(reviewer).post(`${base}/reviews`, { status: "approved" });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ object: "change-request-review", status: "approved", revision: cr.revision, outdated: false, reviewer: { id: reviewer.user.id } });
    expect(submitted.body.requestedBy).toBeUndefined();
    expect(submitted.headers.get("location")).toBe(submitted.body.urls.location);
    expect(submitted.body.urls.location).toContain(`${base}/reviews/${submitted.body.id}`);
    const read = await as(reviewer).get(`${base}/reviews/${submitted.body.id}`);
    expect(read.body).toEqual(submitted.body);
    const list = await as(reviewer).get(`${base}/reviews`);
    expect(list.body).toMatchObject({ count: 1, items: [{ id: submitted.body.id }] });
    // The change request's number reaches it as well.
    expect((await as(reviewer).get(`/v1/spaces/${(await db().changeRequest.findUniqueOrThrow({ where: { id: cr.id } })).spaceId}/change-requests/${cr.number}/reviews`)).body.count).toBe(1);
  });

  test("the review needs the review role on the space: edit and comment members get 403, strangers 404, and nothing is stored", async () => {
    const { as, tenant, commenter, base, cr } = await setup();
    const otherEditor = await tenant.member("edit");
    expect((await as(otherEditor).post(`${base}/reviews`, { status: "approved" })).status).toBe(403);
    expect((await as(commenter).post(`${base}/reviews`, { status: "changes-requested" })).status).toBe(403);
    expect((await as(tenant.stranger).post(`${base}/reviews`, { status: "approved" })).status).toBe(404);
    expect(await db().changeRequestReview.count({ where: { changeRequestId: cr.id } })).toBe(0);
  });

  test("the change request's author does not review it, whatever their role", async () => {
    const { admin, crs, tenant } = await setup();
    const own = (await admin.post(crs, { subject: "Mine" })).body;
    const refused = await admin.post(`${crs}/${own.id}/reviews`, { status: "approved" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("someone else");
    expect((await admin.get(`${crs}/${own.id}`)).body.permissions).toMatchObject({ review: false, merge: true });
    const reviewer = apiClient(server.url, (await tenant.member("review")).token);
    expect((await reviewer.get(`${crs}/${own.id}`)).body.permissions).toMatchObject({ review: true });
  });

  test("a merged or archived change request takes no review (400)", async () => {
    const { as, admin, editor, reviewer, base, crs } = await setup();
    await as(editor).patch(base, { status: "archived" });
    expect((await as(reviewer).post(`${base}/reviews`, { status: "approved" })).status).toBe(400);
    const other = (await as(editor).post(crs, { subject: "Second" })).body;
    expect((await admin.post(`${crs}/${other.id}/merge`)).status).toBe(200);
    expect((await as(reviewer).post(`${crs}/${other.id}/reviews`, { status: "approved" })).status).toBe(400);
  });

  test("a bad status or body is 400; an unknown review is 404", async () => {
    const { as, reviewer, base } = await setup();
    expect((await as(reviewer).post(`${base}/reviews`, { status: "commented" })).status).toBe(400);
    expect((await as(reviewer).post(`${base}/reviews`, {})).status).toBe(400);
    expect((await as(reviewer).get(`${base}/reviews/${newId()}`)).status).toBe(404);
    expect((await as(reviewer).get(`${base}/reviews?outdated=maybe`)).status).toBe(400);
  });

  test("a review of another change request is not found under this one", async () => {
    const { as, editor, reviewer, base, crs } = await setup();
    const other = (await as(editor).post(crs, { subject: "Other" })).body;
    const review = (await as(reviewer).post(`${crs}/${other.id}/reviews`, { status: "approved" })).body;
    expect((await as(reviewer).get(`${base}/reviews/${review.id}`)).status).toBe(404);
  });
});

describe("a review's comment", () => {
  test("written as a comment on the change request, pointing at its review, and shown with the review in either format", async () => {
    const { as, reviewer, base, cr } = await setup();
    const submitted = await as(reviewer).post(`${base}/reviews`, { status: "changes-requested", comment: { markdown: "Please **fix** the intro." } });
    expect(submitted.status).toBe(201);
    expect(submitted.body.comment).toMatchObject({ object: "comment", body: { markdown: "Please **fix** the intro." }, postedBy: { id: reviewer.user.id } });
    const stored = await db().changeRequestReview.findUniqueOrThrow({ where: { id: submitted.body.id } });
    const comment = await db().comment.findUniqueOrThrow({ where: { id: stored.commentId! } });
    expect(comment).toMatchObject({ changeRequestId: cr.id, reviewId: stored.id, authorId: reviewer.user.id, targetPageId: null });
    // Listed among the change request's comments, as any comment.
    const comments = (await as(reviewer).get(`${base}/comments`)).body;
    expect(comments.items.map((item: { id: string }) => item.id)).toContain(comment.id);
    const asDocument = (await as(reviewer).get(`${base}/reviews?format=document`)).body.items[0];
    expect(asDocument.comment.body.document).toMatchObject({ object: "document" });
    expect((await as(reviewer).get(`${base}/reviews/${stored.id}`)).body.comment.id).toBe(comment.id);
    const posted = await db().domainEvent.findFirstOrThrow({ where: { action: "comment.posted", targetId: comment.id } });
    expect(posted.payload).toMatchObject({ changeRequestId: cr.id, commentId: comment.id });
  });

  test("a JSON document is taken too; the empty document is no comment; a bad one is 400 and stores nothing", async () => {
    const { as, reviewer, base, cr } = await setup();
    const document = { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph", data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Looks right.", marks: [] }] }] }] };
    const withDocument = await as(reviewer).post(`${base}/reviews`, { status: "approved", comment: { document } });
    expect(withDocument.body.comment.body.markdown).toContain("Looks right.");
    const empty = await as(reviewer).post(`${base}/reviews`, { status: "approved", comment: {} });
    expect(empty.status).toBe(201);
    expect(empty.body.comment).toBeUndefined();
    for (const comment of [{ markdown: "   " }, { markdown: 42 }, { markdown: "x".repeat(20_001) }, "text"]) {
      const refused = await as(reviewer).post(`${base}/reviews`, { status: "approved", comment });
      expect(refused.status, JSON.stringify(comment).slice(0, 50)).toBe(400);
      expect(Object.keys(refused.body.error.details.fields)[0]).toMatch(/^comment/);
    }
    expect(await db().changeRequestReview.count({ where: { changeRequestId: cr.id } })).toBe(2);
    expect(await db().comment.count({ where: { changeRequestId: cr.id } })).toBe(1);
  });
});

describe("outdated reviews", () => {
  test("an edit to the change request after a review makes it outdated; `outdated` filters both ways", async () => {
    const { as, reviewer, second, base, edit } = await setup();
    const first = (await as(reviewer).post(`${base}/reviews`, { status: "approved" })).body;
    await edit("Edited after the review.");
    const later = (await as(second).post(`${base}/reviews`, { status: "changes-requested" })).body;
    const all = (await as(reviewer).get(`${base}/reviews`)).body;
    expect(all.items.map((review: { id: string; outdated: boolean }) => [review.id, review.outdated])).toEqual([
      [first.id, true],
      [later.id, false],
    ]);
    expect((await as(reviewer).get(`${base}/reviews?outdated=true`)).body).toMatchObject({ count: 1, items: [{ id: first.id }] });
    expect((await as(reviewer).get(`${base}/reviews?outdated=false`)).body).toMatchObject({ count: 1, items: [{ id: later.id }] });
    expect((await as(reviewer).get(`${base}/reviews/${first.id}`)).body.outdated).toBe(true);
  });

  test("a newer review by the same reviewer outdates their earlier one, not other reviewers'", async () => {
    const { as, reviewer, second, base } = await setup();
    const first = (await as(reviewer).post(`${base}/reviews`, { status: "changes-requested" })).body;
    const others = (await as(second).post(`${base}/reviews`, { status: "approved" })).body;
    const again = (await as(reviewer).post(`${base}/reviews`, { status: "approved" })).body;
    const outdated = Object.fromEntries((await as(reviewer).get(`${base}/reviews`)).body.items.map((review: { id: string; outdated: boolean }) => [review.id, review.outdated]));
    expect(outdated).toEqual({ [first.id]: true, [others.id]: false, [again.id]: false });
  });

  test("reviews page in submission order", async () => {
    const { as, reviewer, base } = await setup();
    const ids: string[] = [];
    for (const status of ["approved", "changes-requested", "approved"]) ids.push((await as(reviewer).post(`${base}/reviews`, { status })).body.id);
    const first = (await as(reviewer).get(`${base}/reviews?limit=2`)).body;
    expect(first).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    const second = (await as(reviewer).get(`${base}/reviews?limit=2&page=${first.next.page}`)).body;
    expect([...first.items, ...second.items].map((review: { id: string }) => review.id)).toEqual(ids);
    expect(second.next).toBeUndefined();
  });
});

describe("requested reviewers", () => {
  test("the author asks reviewers; asking again is idempotent; the list pages; a review answers a request and stays listed", async () => {
    const { as, editor, reviewer, second, base } = await setup();
    const asked = await as(editor).post(`${base}/requested-reviewers`, { users: [reviewer.user.id] });
    expect(asked.status).toBe(200);
    expect(asked.body.users).toMatchObject([{ object: "change-request-requested-reviewer", kind: "user", user: { id: reviewer.user.id }, requestedBy: { id: editor.user.id } }]);
    const again = await as(editor).post(`${base}/requested-reviewers`, { users: [reviewer.user.id, second.user.id, second.user.id] });
    expect(again.body.users.map((entry: { user: { id: string } }) => entry.user.id).sort()).toEqual([reviewer.user.id, second.user.id].sort());
    expect(again.body.users.find((entry: { user: { id: string } }) => entry.user.id === reviewer.user.id).createdAt).toBe(asked.body.users[0].createdAt);
    const list = (await as(reviewer).get(`${base}/requested-reviewers?limit=1`)).body;
    expect(list).toMatchObject({ count: 2, items: [{ user: { id: reviewer.user.id } }], next: { page: expect.any(String) } });
    expect((await as(reviewer).get(`${base}/requested-reviewers?limit=1&page=${list.next.page}`)).body).toMatchObject({ items: [{ user: { id: second.user.id } }] });
    const review = (await as(reviewer).post(`${base}/reviews`, { status: "approved" })).body;
    expect(review.requestedBy).toMatchObject({ id: editor.user.id });
    expect((await as(reviewer).get(`${base}/requested-reviewers`)).body.count).toBe(2);
    const events = await db().domainEvent.findMany({ where: { action: "review.requested", targetId: (await db().changeRequestReview.findUniqueOrThrow({ where: { id: review.id } })).changeRequestId }, orderBy: { occurredAt: "asc" } });
    expect(events.map((event) => (event.payload as { users: string[] }).users)).toEqual([[reviewer.user.id], [second.user.id]]);
  });

  test("each user must be a member who can review the space, and not the author: 400 naming the user, nothing stored", async () => {
    const { as, editor, reviewer, commenter, tenant, base, cr } = await setup();
    for (const userId of [commenter.user.id, tenant.stranger.user.id, newId(), editor.user.id]) {
      const refused = await as(editor).post(`${base}/requested-reviewers`, { users: [reviewer.user.id, userId] });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain(userId);
    }
    expect((await as(editor).post(`${base}/requested-reviewers`, { users: [] })).status).toBe(400);
    expect(await db().changeRequestReviewRequest.count({ where: { changeRequestId: cr.id } })).toBe(0);
  });

  test("`subject` renames the change request; asking needs the edit role (a commenter gets 403)", async () => {
    const { as, editor, reviewer, commenter, base } = await setup();
    expect((await as(commenter).post(`${base}/requested-reviewers`, { users: [reviewer.user.id] })).status).toBe(403);
    await as(editor).post(`${base}/requested-reviewers`, { users: [reviewer.user.id], subject: "Ready for review" });
    expect((await as(editor).get(base)).body.subject).toBe("Ready for review");
  });

  test("removing answers 204, also when the user was not asked; the event is recorded once; it needs the edit role", async () => {
    const { as, editor, reviewer, commenter, base, cr } = await setup();
    await as(editor).post(`${base}/requested-reviewers`, { users: [reviewer.user.id] });
    expect((await as(editor).delete(`${base}/requested-reviewers/${reviewer.user.id}`)).status).toBe(204);
    expect((await as(editor).delete(`${base}/requested-reviewers/${reviewer.user.id}`)).status).toBe(204);
    expect((await as(editor).get(`${base}/requested-reviewers`)).body.count).toBe(0);
    const removed = await db().domainEvent.findMany({ where: { action: "review.request_removed", targetId: cr.id } });
    expect(removed.map((event) => event.payload)).toEqual([{ spaceId: expect.any(String), changeRequestId: cr.id, userId: reviewer.user.id }]);
    expect((await as(commenter).delete(`${base}/requested-reviewers/${reviewer.user.id}`)).status).toBe(403);
  });
});

describe("contributors", () => {
  test("who edited (revisions) and who commented (comments and replies), with counts and the latest time", async () => {
    const { as, editor, reviewer, commenter, base, cr, edit, space } = await setup();
    await edit("One.");
    await edit("Two.");
    await edit("Three.", reviewer.user.id);
    const organizationId = space.organization ?? (await db().space.findUniqueOrThrow({ where: { id: space.id } })).organizationId;
    const comment = await db().comment.create({ data: { id: newId(), organizationId, spaceId: space.id, changeRequestId: cr.id, authorId: commenter.user.id, body: "Looks good", revisionId: cr.revision } });
    await db().commentReply.create({ data: { id: newId(), commentId: comment.id, authorId: commenter.user.id, body: "Also this", postedAt: new Date(Date.now() + 1000) } });
    await db().commentReply.create({ data: { id: newId(), commentId: comment.id, authorId: editor.user.id, body: "Thanks" } });
    const list = (await as(commenter).get(`${base}/contributors`)).body;
    const entries = Object.fromEntries(list.items.map((item: { user: { id: string }; actionType: string; count: number }) => [`${item.user.id}:${item.actionType}`, item.count]));
    expect(entries).toEqual({
      [`${editor.user.id}:edit`]: 2,
      [`${reviewer.user.id}:edit`]: 1,
      [`${commenter.user.id}:comment`]: 2,
      [`${editor.user.id}:comment`]: 1,
    });
    expect(list.count).toBe(4);
    // Most recent first: the reply dated a second ahead.
    expect(list.items[0]).toMatchObject({ user: { id: commenter.user.id }, actionType: "comment" });
  });
});
