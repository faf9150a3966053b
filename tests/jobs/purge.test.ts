import { expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { jobQueue } from "../../server/jobs/boss";
import { purgeDeletedSpacesJob } from "../../server/jobs/purge-job";
import { startWorkers } from "../../server/jobs/workers";
import { createInitialRevision } from "../../server/content/revisions";
import { createOrganization } from "../helpers/factories";

const DAY_MS = 24 * 60 * 60 * 1000;


async function deletedSpace(organizationId: string, daysAgo: number) {
  const space = await db().space.create({
    data: { id: newId(), organizationId, title: `Deleted ${daysAgo} days ago`, deletedAt: new Date(Date.now() - daysAgo * DAY_MS) },
  });
  const revision = await createInitialRevision(db(), space.id);
  await db().space.update({ where: { id: space.id }, data: { revisionId: revision.id } });
  return { ...space, revisionId: revision.id };
}

test("the purge job, run by a real pg-boss worker, removes spaces and organizations deleted more than 7 days ago", async () => {
  const organization = await createOrganization();
  const expired = await deletedSpace(organization.id, 8);
  const recent = await deletedSpace(organization.id, 2);
  const expiredOrganization = await createOrganization();
  const expiredOrganizationSpace = await deletedSpace(expiredOrganization.id, 1);
  await db().organization.update({ where: { id: expiredOrganization.id }, data: { deletedAt: new Date(Date.now() - 8 * DAY_MS) } });
  const recentOrganization = await createOrganization();
  await db().organization.update({ where: { id: recentOrganization.id }, data: { deletedAt: new Date(Date.now() - 2 * DAY_MS) } });

  await startWorkers();
  const boss = await jobQueue();
  // The hourly schedule is registered on start.
  expect((await boss.getSchedules(purgeDeletedSpacesJob.name)).map((schedule) => schedule.cron)).toEqual(["0 * * * *"]);

  const jobId = await boss.send(purgeDeletedSpacesJob.name, {});
  expect(jobId).toBeTruthy();
  let state: string | undefined;
  let output: unknown;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const [job] = await boss.findJobs(purgeDeletedSpacesJob.name, { id: jobId! });
    state = job?.state;
    output = job?.output;
    if (state === "completed" || state === "failed") break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(state).toBe("completed");
  expect(output).toMatchObject({ purged: expect.any(Number), organizations: expect.any(Number) });
  expect((output as { purged: number; organizations: number }).organizations).toBeGreaterThanOrEqual(1);

  expect(await db().space.findUnique({ where: { id: expired.id } })).toBeNull();
  // Cascade: the purged space's revisions and content are gone too.
  expect(await db().revision.count({ where: { spaceId: expired.id } })).toBe(0);
  expect(await db().contentObject.count({ where: { spaceId: expired.id } })).toBe(0);
  expect(await db().contentBody.count({ where: { spaceId: expired.id } })).toBe(0);
  expect(await db().space.findUnique({ where: { id: recent.id } })).not.toBeNull();
  expect(await db().contentObject.count({ where: { spaceId: recent.id } })).toBeGreaterThan(0);
  // An organization goes with everything it holds; one deleted lately stays restorable.
  expect(await db().organization.findUnique({ where: { id: expiredOrganization.id } })).toBeNull();
  expect(await db().space.findUnique({ where: { id: expiredOrganizationSpace.id } })).toBeNull();
  expect(await db().organization.findUnique({ where: { id: recentOrganization.id } })).not.toBeNull();
});
