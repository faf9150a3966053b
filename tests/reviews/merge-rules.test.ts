import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { updateGrant } from "../../server/grants/update-grant";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);
const trpc = (userId: string) => createCaller({ actor: { userId, via: "session" } satisfies Actor, baseUrl: BASE_URL });

/** A space with a page and a change request an editor opened with one edit; reviewers to approve it. */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs", empty: true })).body;
  await commitPages(space.id, [{ title: "Guide", slug: "guide", markdown: "# Guide\n" }]);
  const editor = await tenant.member("edit");
  const reviewer = await tenant.member("review");
  const second = await tenant.member("review");
  const as = (member: { token: string }) => apiClient(server.url, member.token);
  const crs = `/v1/spaces/${space.id}/change-requests`;
  const cr = (await as(editor).post(crs, { subject: "Edit" })).body as { id: string; number: number };
  const base = `${crs}/${cr.id}`;
  const edit = async (text: string) => {
    const revisionId = (await db().changeRequest.findUniqueOrThrow({ where: { id: cr.id } })).revisionId;
    const guide = (await pagesOf(revisionId)).find((page) => page.title === "Guide")!;
    await commitToChangeRequest(cr.id, { put: [{ ...guide, markdown: `# Guide\n\n${text}\n` }] });
  };
  await edit("First edit.");
  const adminTrpc = trpc(tenant.admin.user.id);
  const organizationId = tenant.organization.id;
  type Rules = { requiredApprovals: number; dismissStaleApprovals: boolean; blockOnChangesRequested: boolean; requireResolvedThreads: boolean };
  const setOrganizationRules = (rules: Partial<Rules>) => adminTrpc.mergeRules.updateForOrganization({ organizationId, ...rules });
  const setSpaceRules = (rules: { [Rule in keyof Rules]?: Rules[Rule] | null }) => adminTrpc.mergeRules.updateForSpace({ spaceId: space.id, ...rules });
  const approve = (member: { token: string }, status = "approved", comment?: string) => as(member).post(`${base}/reviews`, { status, ...(comment ? { comment: { markdown: comment } } : {}) });
  const mergeStatus = () => adminTrpc.reviews.mergeStatus({ spaceId: space.id, changeRequest: cr.id });
  const merge = () => admin.post(`${base}/merge`);
  return { tenant, admin, adminTrpc, space, editor, reviewer, second, as, cr, base, edit, setOrganizationRules, setSpaceRules, approve, mergeStatus, merge };
}

describe("merge rules", () => {
  test("with no approvals required (the default), a change request merges as before, reviews or not", async () => {
    const { approve, second, merge, mergeStatus } = await setup();
    await approve(second, "changes-requested");
    expect(await mergeStatus()).toEqual({
      rules: { requiredApprovals: 0, dismissStaleApprovals: true, blockOnChangesRequested: false, requireResolvedThreads: false, inherited: true },
      approvals: 0,
      mergeable: true,
      unmet: [],
      // Not a rule, but what the review screen asks about before merging.
      outstanding: { changesRequested: [{ id: second.user.id, displayName: expect.any(String) }], openThreads: 0 },
    });
    expect((await merge()).status).toBe(200);
  });

  test("one approval required: 409 naming the rule, changing nothing; after an approval the merge succeeds", async () => {
    const { setOrganizationRules, merge, approve, reviewer, mergeStatus, admin, base } = await setup();
    await setOrganizationRules({ requiredApprovals: 1 });
    const refused = await merge();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("Merging needs 1 approval from reviewers of this space; it has 0.");
    const status = await mergeStatus();
    expect(status).toMatchObject({ rules: { requiredApprovals: 1, inherited: true }, approvals: 0, mergeable: false, unmet: [{ rule: "approvals", message: refused.body.error.message }] });
    expect((await admin.get(base)).body.status).toBe("draft");
    await approve(reviewer);
    expect(await mergeStatus()).toMatchObject({ approvals: 1, mergeable: true, unmet: [] });
    expect((await merge()).status).toBe(200);
    expect((await admin.get(base)).body.status).toBe("merged");
  });

  test("the 409's details carry the rule and the numbers (tRPC too)", async () => {
    const { setOrganizationRules, adminTrpc, space, cr, approve, reviewer } = await setup();
    await setOrganizationRules({ requiredApprovals: 2 });
    await approve(reviewer);
    const error = await adminTrpc.changeRequests.merge({ spaceId: space.id, ref: cr.id }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "CONFLICT", cause: { details: { rule: "approvals", required: 2, approvals: 1 } } });
  });

  test("with dismissStaleApprovals, an edit after an approval makes it stale; without, it still counts", async () => {
    const { setOrganizationRules, approve, reviewer, edit, merge, mergeStatus } = await setup();
    await setOrganizationRules({ requiredApprovals: 1, dismissStaleApprovals: true });
    await approve(reviewer);
    await edit("Changed after the approval.");
    expect(await mergeStatus()).toMatchObject({ approvals: 0, mergeable: false, unmet: [{ rule: "approvals" }] });
    expect((await merge()).status).toBe(409);
    await setOrganizationRules({ dismissStaleApprovals: false });
    expect(await mergeStatus()).toMatchObject({ rules: { dismissStaleApprovals: false }, approvals: 1, mergeable: true });
    expect((await merge()).status).toBe(200);
  });

  test("a space's own rules override the organization's; null inherits again", async () => {
    const { setOrganizationRules, setSpaceRules, approve, reviewer, merge, mergeStatus, adminTrpc, space } = await setup();
    await setOrganizationRules({ requiredApprovals: 2 });
    await approve(reviewer);
    expect((await merge()).status).toBe(409);
    const own = await setSpaceRules({ requiredApprovals: 1 });
    expect(own).toMatchObject({ requiredApprovals: 1, dismissStaleApprovals: null, organization: { requiredApprovals: 2 }, effective: { requiredApprovals: 1, inherited: false } });
    expect(await mergeStatus()).toMatchObject({ rules: { requiredApprovals: 1, dismissStaleApprovals: true, inherited: false }, mergeable: true });
    await setSpaceRules({ requiredApprovals: null });
    expect(await adminTrpc.mergeRules.getForSpace({ spaceId: space.id })).toMatchObject({ requiredApprovals: null, effective: { requiredApprovals: 2, inherited: true } });
    expect((await merge()).status).toBe(409);
    await setSpaceRules({ requiredApprovals: 0 });
    expect((await merge()).status).toBe(200);
  });

  test("a reviewer's standing request for changes blocks while approvals are required, until their next review", async () => {
    const { setOrganizationRules, approve, reviewer, second, merge, mergeStatus } = await setup();
    await setOrganizationRules({ requiredApprovals: 1 });
    await approve(reviewer);
    await approve(second, "changes-requested");
    const refused = await merge();
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("requested changes");
    expect(await mergeStatus()).toMatchObject({ approvals: 1, mergeable: false, unmet: [{ rule: "changes-requested" }] });
    await approve(second);
    expect(await mergeStatus()).toMatchObject({ approvals: 2, mergeable: true });
    expect((await merge()).status).toBe(200);
  });

  test("with dismissStaleApprovals, an edit answers a request for changes; without, it stands", async () => {
    const { setOrganizationRules, approve, reviewer, second, edit, mergeStatus } = await setup();
    await setOrganizationRules({ requiredApprovals: 1, dismissStaleApprovals: false });
    await approve(reviewer);
    await approve(second, "changes-requested");
    await edit("Addressed the review.");
    expect(await mergeStatus()).toMatchObject({ mergeable: false, unmet: [{ rule: "changes-requested" }] });
    await setOrganizationRules({ dismissStaleApprovals: true });
    // Both reviews are stale now: the request for changes no longer blocks, and the approval no longer counts.
    expect(await mergeStatus()).toMatchObject({ approvals: 0, unmet: [{ rule: "approvals" }] });
  });

  test("an approval counts only while its reviewer holds the review role on the space", async () => {
    const { setOrganizationRules, approve, reviewer, merge, mergeStatus, tenant, space } = await setup();
    await setOrganizationRules({ requiredApprovals: 1 });
    await approve(reviewer);
    expect((await mergeStatus()).approvals).toBe(1);
    // The space now caps its members at edit: the reviewer's approval stands, but no longer counts.
    await db().space.update({ where: { id: space.id }, data: { defaultLevel: "edit" } });
    expect(await mergeStatus()).toMatchObject({ approvals: 0, mergeable: false });
    expect((await merge()).status).toBe(409);
    // A grant on the space gives the role back, and the approval counts again.
    await updateGrant({ actor: { userId: tenant.admin.user.id, via: "session" }}, { type: "space", id: space.id }, { type: "user", id: reviewer.user.id }, "review");
    expect((await mergeStatus()).approvals).toBe(1);
    expect((await merge()).status).toBe(200);
  });

  test("mergeStatus is the gate's decision, and a change of rules is recorded", async () => {
    const { setOrganizationRules, setSpaceRules, approve, reviewer, second, edit, merge, mergeStatus, tenant, space } = await setup();
    const cases: (() => Promise<unknown>)[] = [
      () => setOrganizationRules({ requiredApprovals: 1 }),
      () => approve(second, "changes-requested"),
      () => approve(reviewer),
      () => setSpaceRules({ dismissStaleApprovals: false }),
      () => edit("More."),
      () => approve(second),
    ];
    let outcomes = "";
    for (const step of cases) {
      await step();
      const status = await mergeStatus();
      // A merge that goes through ends the sequence; one refused must have been predicted, with the same reason.
      const merged = await merge();
      expect(merged.status, JSON.stringify(status)).toBe(status.mergeable ? 200 : 409);
      outcomes += status.mergeable ? "merged" : `${status.unmet.map((unmet) => unmet.rule).join("+")} `;
      if (merged.status === 200) break;
      expect(merged.body.error.message).toBe(status.unmet.map((unmet) => unmet.message).join(" "));
    }
    expect(outcomes).toBe("approvals changes-requested+approvals changes-requested changes-requested changes-requested merged");
    const events = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id, action: "merge_rules.updated" }, orderBy: { occurredAt: "asc" } });
    expect(events.map((event) => [event.targetType, event.payload])).toEqual([
      ["organization", { requiredApprovals: 1, dismissStaleApprovals: true, blockOnChangesRequested: false, requireResolvedThreads: false }],
      ["space", { spaceId: space.id, requiredApprovals: null, dismissStaleApprovals: false, blockOnChangesRequested: null, requireResolvedThreads: null }],
    ]);
    const merged = await db().domainEvent.findFirstOrThrow({ where: { organizationId: tenant.organization.id, action: "change_request.merged" } });
    expect(merged.payload).toMatchObject({ spaceId: space.id, changeRequestId: merged.targetId });
  });
});

describe("merge rules on requested changes and open threads", () => {
  test("blockOnChangesRequested: a standing request for changes refuses the merge with no approval required, /v1 and tRPC alike", async () => {
    const { setOrganizationRules, setSpaceRules, approve, second, merge, mergeStatus, adminTrpc, space, cr } = await setup();
    await setOrganizationRules({ blockOnChangesRequested: true });
    await approve(second, "changes-requested");
    const refused = await merge();
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toMatchObject({ rule: "changes-requested", required: 0, approvals: 0, outstanding: { changesRequested: [{ id: second.user.id }], openThreads: 0 } });
    const error = await adminTrpc.changeRequests.merge({ spaceId: space.id, ref: cr.id }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "CONFLICT", cause: { details: { rule: "changes-requested" } } });
    // A space's own rule turns it off for its change requests.
    await setSpaceRules({ blockOnChangesRequested: false });
    expect(await mergeStatus()).toMatchObject({ rules: { blockOnChangesRequested: false, inherited: false }, mergeable: true });
    await setSpaceRules({ blockOnChangesRequested: null });
    expect((await mergeStatus()).mergeable).toBe(false);
    await approve(second);
    expect((await merge()).status).toBe(200);
  });

  test("requireResolvedThreads: open threads refuse the merge, a review's message does not count, resolving them lets it through", async () => {
    const { setSpaceRules, approve, reviewer, as, editor, base, merge, mergeStatus, admin } = await setup();
    await setSpaceRules({ requireResolvedThreads: true });
    await approve(reviewer, "approved", "Looks right.");
    const thread = (await as(editor).post(`${base}/comments`, { body: { markdown: "Should this say more?" } })).body as { id: string };
    expect(await mergeStatus()).toMatchObject({ mergeable: false, unmet: [{ rule: "open-threads" }], outstanding: { openThreads: 1 } });
    const refused = await merge();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ message: "Every thread must be resolved before merging; 1 is open.", details: { rule: "open-threads", outstanding: { openThreads: 1 } } });
    expect((await admin.put(`${base}/comments/${thread.id}`, { resolved: true })).status).toBe(200);
    expect(await mergeStatus()).toMatchObject({ mergeable: true, outstanding: { openThreads: 0 } });
    expect((await merge()).status).toBe(200);
  });
});

describe("review threads", () => {
  test("a merge resolves the threads reviews' messages opened, recording each; other threads stay open", async () => {
    const { approve, reviewer, second, as, editor, base, merge, admin, tenant } = await setup();
    await approve(reviewer, "changes-requested", "Please add an example.");
    await approve(second, "approved", "Fine by me.");
    const discussion = (await as(editor).post(`${base}/comments`, { body: { markdown: "A question for later." } })).body as { id: string };
    expect((await merge()).status).toBe(200);
    const comments = (await admin.get(`${base}/comments`)).body.items as { id: string; status: string; resolvedBy?: { id: string } }[];
    const byId = new Map(comments.map((comment) => [comment.id, comment]));
    expect(byId.get(discussion.id)?.status).toBe("open");
    const reviewThreads = comments.filter((comment) => comment.id !== discussion.id);
    expect(reviewThreads).toHaveLength(2);
    for (const thread of reviewThreads) expect(thread).toMatchObject({ status: "resolved", resolvedBy: { id: tenant.admin.user.id } });
    const resolved = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id, action: "comment.resolved" } });
    expect(resolved.map((event) => event.targetId).sort()).toEqual(reviewThreads.map((thread) => thread.id).sort());
  });
});

describe("merge rule settings", () => {
  test("organization rules are its admins'; space rules its admins'; values are bounded", async () => {
    const { tenant, space, adminTrpc } = await setup();
    const member = trpc((await tenant.member("create")).user.id);
    await expect(member.mergeRules.getForOrganization({ organizationId: tenant.organization.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(member.mergeRules.updateForOrganization({ organizationId: tenant.organization.id, requiredApprovals: 3 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(member.mergeRules.getForSpace({ spaceId: space.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(member.mergeRules.updateForSpace({ spaceId: space.id, requiredApprovals: 3 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(trpc(tenant.stranger.user.id).mergeRules.getForSpace({ spaceId: space.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(adminTrpc.mergeRules.updateForOrganization({ organizationId: tenant.organization.id, requiredApprovals: 21 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(adminTrpc.mergeRules.updateForSpace({ spaceId: space.id, requiredApprovals: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await adminTrpc.mergeRules.getForOrganization({ organizationId: tenant.organization.id })).toEqual({
      requiredApprovals: 0,
      dismissStaleApprovals: true,
      blockOnChangesRequested: false,
      requireResolvedThreads: false,
    });
    // A space admin who is no organization admin manages the space's rules.
    const spaceAdmin = await tenant.member("edit");
    await updateGrant({ actor: { userId: tenant.admin.user.id, via: "session" }}, { type: "space", id: space.id }, { type: "user", id: spaceAdmin.user.id }, "admin");
    expect(await trpc(spaceAdmin.user.id).mergeRules.updateForSpace({ spaceId: space.id, requiredApprovals: 2, dismissStaleApprovals: false })).toMatchObject({
      requiredApprovals: 2,
      dismissStaleApprovals: false,
      effective: { requiredApprovals: 2, dismissStaleApprovals: false, inherited: false },
    });
  });
});
