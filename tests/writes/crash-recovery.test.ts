import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { mergeChangeRequest } from "../../server/change-requests/merge-change-request";
import { jobQueue } from "../../server/jobs/boss";
import { stopJobQueue } from "../../server/jobs/workers";
import { indexSpaceJob } from "../../server/search/index-space";
import { createChangeRequest } from "../../server/change-requests/create-change-request";
import { createSpace } from "../../server/spaces/create-space";
import { commitToChangeRequest, createTenant } from "../helpers/factories";
import { searchIndexed } from "../helpers/jobs";

/**
 * Every crash point of a write that asks for follow-up work: the job is committed with the write
 * or not at all, and a job whose worker died runs again elsewhere. The crashing process is real
 * (tests/fixtures/crash-after.ts, killed with SIGKILL); this process plays the restarted server.
 */

const script = path.resolve("tests/fixtures/crash-after.ts");

function crashAfter(point: string, env: Record<string, string>): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, ["--import", "tsx", script, point], { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
}

async function spaceWithChangeRequest(word: string, pages: number) {
  const tenant = await createTenant();
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: "http://localhost" };
  const space = await createSpace(ctx, tenant.organization.id, { title: "Crash", empty: true });
  const cr = await createChangeRequest(ctx, space.id, { subject: "Pages" });
  const now = new Date().toISOString();
  const put = Array.from({ length: pages }, (_, index) => ({
    id: newId(),
    title: `${word} ${index}`,
    slug: `page-${index}`,
    parentId: null,
    sortKey: index + 1,
    markdown: `All about ${word} ${index}.\n\n## More\n\nText.\n`,
    createdAt: now,
    updatedAt: now,
  }));
  for (let start = 0; start < put.length; start += 1000) await commitToChangeRequest(cr.id, { put: put.slice(start, start + 1000) });
  // Main moved since the change request began (merged the app's way), so that its merge is a real three-way one.
  const other = await createChangeRequest(ctx, space.id, { subject: "Main" });
  await commitToChangeRequest(other.id, { put: [{ ...put[0]!, id: newId(), title: "Main", slug: "main" }] });
  await mergeChangeRequest(ctx, space.id, other.id);
  return { tenant, space, cr, userId: tenant.admin.user.id };
}

async function searchable(spaceId: string, title: string): Promise<boolean> {
  const rows = await db().$queryRaw<unknown[]>`SELECT 1 FROM search_pages WHERE space_id = ${spaceId} AND title = ${title}`;
  return rows.length > 0;
}

describe("crash points of a write and its follow-up work", () => {
  test("killed right after the merge committed, before any worker ran: the index job survives and search catches up", async () => {
    const { space, cr, userId } = await spaceWithChangeRequest("wombat", 20);
    expect(await crashAfter("merged", { SPACE: space.id, CHANGE_REQUEST: cr.id, USER: userId })).toBe("SIGKILL");
    expect((await db().changeRequest.findUniqueOrThrow({ where: { id: cr.id } })).status).toBe("merged");
    const queued = await (await jobQueue()).findJobs(indexSpaceJob.name, { key: space.id, queued: true });
    expect(queued).toHaveLength(1);
    expect(await searchable(space.id, "wombat 19")).toBe(false);

    await searchIndexed(space.id);
    expect(await searchable(space.id, "wombat 19")).toBe(true);
  });

  test("killed before the write committed: neither the change nor its job exists", async () => {
    const { space } = await spaceWithChangeRequest("quoll", 1);
    const boss = await jobQueue();
    const jobIds = async () => (await boss.findJobs(indexSpaceJob.name, { key: space.id })).map((job) => job.id).sort();
    const before = await jobIds();
    expect(await crashAfter("before-commit", { SPACE: space.id })).toBe("SIGKILL");
    expect((await db().space.findUniqueOrThrow({ where: { id: space.id } })).title).toBe("Crash");
    expect(await jobIds()).toEqual(before);
  });

  test("killed while indexing: the job runs again on a live server and search ends up current", async () => {
    const { space, cr, userId } = await spaceWithChangeRequest("numbat", 3000);
    // Nothing pending for the space, and no worker in this process: the crashing process alone takes the merge's job.
    await searchIndexed(space.id);
    await stopJobQueue();
    await mergeChangeRequest({ actor: { userId, via: "session" }}, space.id, cr.id);
    const [job] = await (await jobQueue()).findJobs(indexSpaceJob.name, { key: space.id, queued: true });
    expect(job).toBeDefined();
    expect(await crashAfter("indexing", { SPACE: space.id })).toBe("SIGKILL");
    expect((await (await jobQueue()).findJobs(indexSpaceJob.name, { id: job!.id }))[0]!.state).toBe("active");
    expect(await searchable(space.id, "numbat 2999")).toBe(false);

    // The dead worker's job stops sending heartbeats, is failed for it, and retried by this process's workers.
    await searchIndexed(space.id, 120_000);
    expect(await searchable(space.id, "numbat 2999")).toBe(true);
  }, 180_000);
});
