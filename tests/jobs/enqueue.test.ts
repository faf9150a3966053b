import { expect, test } from "vitest";
import { db } from "../../server/db/client";
import { jobQueue } from "../../server/jobs/boss";
import { enqueue } from "../../server/jobs/enqueue";
import { contentImportJob } from "../../server/jobs/import-job";
import { JOB_KINDS } from "../../server/jobs/registry";
import { indexSpaceJob } from "../../server/search/index-space";

test("a job is sent with the transaction that asks for it: gone if it rolls back, there once it commits", async () => {
  const key = `space-${Date.now()}-${Math.random()}`;
  await expect(
    db().$transaction(async (tx) => {
      await enqueue(tx, indexSpaceJob, { spaceId: key });
      throw new Error("the write failed");
    }),
  ).rejects.toThrow("the write failed");
  const boss = await jobQueue();
  expect(await boss.findJobs(indexSpaceJob.name, { key })).toEqual([]);

  await db().$transaction((tx) => enqueue(tx, indexSpaceJob, { spaceId: key }));
  expect((await boss.findJobs(indexSpaceJob.name, { key })).map((job) => job.data)).toEqual([{ spaceId: key }]);
  // One queued index job per space: a second write finds it waiting.
  expect(await db().$transaction((tx) => enqueue(tx, indexSpaceJob, { spaceId: key }))).toBeNull();
});

test("a payload that does not match its kind's schema is refused before anything is sent", async () => {
  await expect(db().$transaction((tx) => enqueue(tx, contentImportJob, { importId: 42 } as never))).rejects.toThrow(/importId/);
});

test("the registry declares each kind once, with a payload schema and a handler", () => {
  const names = JOB_KINDS.map((kind) => kind.name);
  expect(new Set(names).size).toBe(names.length);
  for (const kind of JOB_KINDS) {
    expect(typeof kind.handle).toBe("function");
    expect(kind.payload.safeParse(undefined).success).toBe(false);
  }
});
