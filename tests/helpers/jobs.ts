import { db } from "../../server/db/client";
import { startWorkers } from "../../server/jobs/workers";

/**
 * Waits until the space's search index holds its main revision, as the real job queue brings it
 * there: workers run in this test process (stopped after each file by tests/setup/jobs.ts).
 */
export async function searchIndexed(spaceId: string, timeoutMs = 20_000): Promise<void> {
  await startWorkers();
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const [row] = await db().$queryRaw<{ current: boolean }[]>`
      SELECT i.revision_id IS NOT DISTINCT FROM s.revision_id AS current
      FROM spaces s LEFT JOIN search_indexes i ON i.space_id = s.id WHERE s.id = ${spaceId}`;
    if (row?.current) return;
    if (Date.now() > deadline) throw new Error(`The search index of space ${spaceId} did not catch up within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
