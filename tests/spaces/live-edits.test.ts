import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { jobQueue } from "../../server/jobs/boss";
import { indexSpaceJob } from "../../server/search/index-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { commitPages, createTenant, pagesOf } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Live edits (server/spaces/apply-live-edit.ts): the editor of a space in live edit mode saves
 * straight to main, one history entry per editing session, under the same rules as opening a
 * change request (the space's edit permission) and not where merge rules require approvals.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const createCaller = createCallerFactory(appRouter);
const trpc = (userId: string) => createCaller({ actor: { userId, via: "session" } satisfies Actor, baseUrl: "http://quire.test" });

async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Live", empty: true })).body as { id: string };
  await commitPages(space.id, [{ title: "Guide", slug: "guide", markdown: "Start here.\n" }]);
  const guideId = (await pagesOf((await db().space.findUniqueOrThrow({ where: { id: space.id } })).revisionId!))[0]!.id;
  const editor = await tenant.member("edit");
  const as = trpc(editor.user.id);
  const save = (session: string, markdown: string, caller = as) =>
    caller.liveEdits.save({ spaceId: space.id, session, changes: [{ operation: "update_page", page: guideId, document: { markdown } }] });
  const history = async () => (await trpc(tenant.admin.user.id).history.list({ spaceId: space.id })).items;
  const mainText = async () => (await pagesOf((await db().space.findUniqueOrThrow({ where: { id: space.id } })).revisionId!))[0]!.markdown;
  return { tenant, admin, space, guideId, editor, as, save, history, mainText };
}

describe("live edits", () => {
  test("saves write main at once; one session is one history entry, a new session or a merge between starts another", async () => {
    const { space, editor, save, history, mainText, tenant, admin } = await setup();
    const before = (await history()).length;
    await save("session-one", "First draft of the guide.\n");
    expect(await mainText()).toBe("First draft of the guide.\n");
    await save("session-one", "Second draft of the guide.\n");
    await save("session-one", "Third draft of the guide.\n");
    expect(await mainText()).toBe("Third draft of the guide.\n");
    let entries = await history();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({ type: "live", author: { id: editor.user.id }, changeRequest: null, pagesEdited: 1, current: true });

    await save("session-two", "Another sitting.\n");
    entries = await history();
    expect(entries).toHaveLength(before + 2);

    // A merge lands between two saves of one session: the session's next save is an entry of its own.
    const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Between" })).body as { id: string };
    await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: "insert_page", title: "Second", document: { markdown: "More.\n" } }] });
    expect((await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(200);
    await save("session-two", "Another sitting, continued.\n");
    entries = await history();
    expect(entries.map((entry) => entry.type).slice(0, 3)).toEqual(["live", "merge", "live"]);
    expect(await mainText()).toBe("Another sitting, continued.\n");

    // Each session is one audit entry counting its saves, and each save asks the search index to follow main (the job is queued in the write's transaction).
    const events = await db().domainEvent.findMany({ where: { organizationId: tenant.organization.id, action: "space.content_edited" }, orderBy: { occurredAt: "asc" } });
    expect(events.map((event) => (event.payload as { session: string; saves: number }))).toMatchObject([{ session: "session-one", saves: 3 }, { session: "session-two", saves: 2 }]);
    expect(await (await jobQueue()).findJobs(indexSpaceJob.name, { key: space.id, queued: true })).toHaveLength(1);
  });

  test("a session's saves never fold into someone else's: each user's session is their own entry", async () => {
    const { tenant, save, history } = await setup();
    const other = trpc((await tenant.member("edit")).user.id);
    const before = (await history()).length;
    await save("shared-session-id", "Mine.\n");
    await save("shared-session-id", "Theirs.\n", other);
    expect(await history()).toHaveLength(before + 2);
  });

  test("who may: the space's edit permission, not in a locked space, not where merge rules require approvals; the refusal says why", async () => {
    const { tenant, space, save, as, admin } = await setup();
    for (const role of ["read", "comment"] as const) {
      const caller = trpc((await tenant.member(role)).user.id);
      await expect(save("refused-session", "No.\n", caller), role).rejects.toMatchObject({ code: "FORBIDDEN", cause: { details: { reason: "edit-permission" } } });
      expect(await caller.liveEdits.availability({ spaceId: space.id })).toMatchObject({ allowed: false, reason: "edit-permission" });
    }
    await expect(save("refused-session", "No.\n", trpc(tenant.stranger.user.id))).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await as.liveEdits.availability({ spaceId: space.id })).toEqual({ allowed: true });

    await trpc(tenant.admin.user.id).mergeRules.updateForSpace({ spaceId: space.id, requiredApprovals: 1 });
    await expect(save("refused-session", "No.\n")).rejects.toMatchObject({ code: "FORBIDDEN", cause: { details: { reason: "approvals-required" } } });
    expect(await as.liveEdits.availability({ spaceId: space.id })).toMatchObject({ allowed: false, reason: "approvals-required" });
    await trpc(tenant.admin.user.id).mergeRules.updateForSpace({ spaceId: space.id, requiredApprovals: null });

    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "locked" });
    await expect(save("refused-session", "No.\n")).rejects.toMatchObject({ code: "FORBIDDEN", message: "The space is locked: its content cannot be changed." });
    await admin.patch(`/v1/spaces/${space.id}`, { editMode: "live" });
    await expect(save("x", "No.\n")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await save("allowed-again", "Yes.\n")).changes).toHaveLength(1);
  });
});
