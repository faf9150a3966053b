import { parseContentKey, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { emptyTrie, trieDiff } from "../content/store/trie";
import { db, type Db } from "../db/client";
import type { Revision, Space } from "../db/generated/client";
import { inTransaction, TRANSACTION_LIMITS } from "../db/transaction";
import { z } from "zod";
import { enqueue } from "../jobs/enqueue";
import { defineJob } from "../jobs/job-kind";
import { describeLimit, markdownPool, READ_BUDGET_MS } from "../markdown/markdown-pool";
import type { PageSection } from "./sections";

/**
 * The search index holds each space's main revision: one row per page (search_pages) and per
 * section (search_sections), plus the revision indexed (search_indexes). A write that changes a
 * space's main revision enqueues the space's index job in its own transaction; the job, run once
 * that has committed, brings the index from the revision it holds to the space's current one. So
 * no write waits for indexing or holds the space's lock while it runs, a crash between the two
 * loses nothing (the job was committed with the change), and searches see a consistent index
 * that follows the content within moments.
 */

/** Pages whose bodies are loaded and split at once, so a big change does not hold every body in memory. */
const BATCH = 500;

type RevisionRef = Pick<Revision, "id" | "spaceId" | "root">;

/**
 * Brings one space's index up to date. One queued job per space at most (`stately`): writes
 * arriving while one waits are covered by it, since it indexes whatever is main when it runs.
 * Notified, so it starts as soon as the write commits; retried with backoff if indexing fails.
 */
export const indexSpaceJob = defineJob({
  name: "index-space",
  payload: z.object({ spaceId: z.string() }),
  queue: {
    policy: "stately",
    notify: true,
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    // The job lasts as long as its transaction may: indexing holds no lock writers need, so it may take long on a very large change.
    expireInSeconds: TRANSACTION_LIMITS.indexing.timeoutMs / 1000,
    // A job whose worker died (its server killed) is retried elsewhere within seconds, not at expiry.
    heartbeatSeconds: 10,
  },
  singletonKey: ({ spaceId }) => spaceId,
  // Two spaces at once per server, so that a space of slow pages does not hold up every other; a
  // backlog (after a restart) is taken five at a time without waiting between fetches.
  work: { localConcurrency: 2, batchSize: 5, burstWhenBatchFull: true, notifyPollingIntervalSeconds: 2 },
  handle: ({ spaceId }) => indexSpace(spaceId),
});

/** On `npm start` and every ten minutes: indexes any space left behind (see catchUpSearchIndexes). */
export const searchCatchUpJob = defineJob({
  name: "search-catch-up",
  payload: z.object({}).loose(),
  queue: { policy: "short", retryLimit: 2, retryDelay: 60, expireInSeconds: 4 * 60 * 60, heartbeatSeconds: 30 },
  work: {},
  schedule: "*/10 * * * *",
  handle: async () => ({ behind: await catchUpSearchIndexes() }),
});

/** Makes `revision` the space's main content; its index follows once the caller's transaction commits. */
export async function setMainRevision(tx: Db, space: Pick<Space, "id">, revision: RevisionRef): Promise<Space> {
  if (revision.spaceId !== space.id) throw new Error(`Revision ${revision.id} belongs to space ${revision.spaceId}, not ${space.id}`);
  const updated = await tx.space.update({ where: { id: space.id }, data: { revisionId: revision.id } });
  await enqueue(tx, indexSpaceJob, { spaceId: space.id });
  return updated;
}

/**
 * The index job's work: brings the space's index to its current main revision. One indexer per
 * space at a time (a transaction-scoped advisory lock, not the space's row, which writers take).
 * Returns whether anything was indexed.
 */
export async function indexSpace(spaceId: string): Promise<{ indexed: boolean }> {
  return inTransaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`search-index:${spaceId}`}, 0))`;
      const [space] = await tx.$queryRaw<{ revision_id: string | null }[]>`SELECT revision_id FROM spaces WHERE id = ${spaceId}`;
      if (!space?.revision_id) return { indexed: false };
      const [indexed] = await tx.$queryRaw<{ revision_id: string }[]>`SELECT revision_id FROM search_indexes WHERE space_id = ${spaceId}`;
      if (indexed?.revision_id === space.revision_id) return { indexed: false };
      await indexRevision(tx, await tx.revision.findUniqueOrThrow({ where: { id: space.revision_id } }));
      return { indexed: true };
    },
    "indexing",
  );
}

/**
 * Indexes every space whose index is missing or behind its main revision: spaces made before
 * search existed, or restored from a backup taken between a write and its indexing. One space at
 * a time, in this job rather than as a flood of index jobs, so that the index jobs of fresh writes
 * never wait behind it. Returns how many spaces were behind.
 */
export async function catchUpSearchIndexes(options: { spaceIds?: string[] } = {}): Promise<number> {
  const behind = await db().$queryRaw<{ id: string }[]>`
    SELECT s.id FROM spaces s LEFT JOIN search_indexes i ON i.space_id = s.id
    WHERE s.revision_id IS NOT NULL AND i.revision_id IS DISTINCT FROM s.revision_id
      AND (${options.spaceIds ?? null}::text[] IS NULL OR s.id = ANY(${options.spaceIds ?? null}::text[]))`;
  for (const { id } of behind) await indexSpace(id);
  return behind.length;
}

/**
 * Brings the index of `revision.spaceId` from the revision it holds to `revision`: only the pages
 * that differ between the two tries are rewritten (the trie skips every shared subtree). Diffing
 * from what the index holds, rather than from the space's previous revision, also catches up on
 * any revision that was made main without going through here. Callers hold the space's
 * indexing lock (see `indexSpace`), so changes to one space's index run one after the other.
 */
async function indexRevision(tx: Db, revision: RevisionRef): Promise<void> {
  const spaceId = revision.spaceId;
  const [indexed] = await tx.$queryRaw<{ root: string }[]>`SELECT root FROM search_indexes WHERE space_id = ${spaceId}`;
  const upToDate = indexed?.root === revision.root;
  const copied = !upToDate && indexed === undefined && (await copyIndexAtSameRoot(tx, revision));
  if (!upToDate && !copied) await applyDiff(tx, spaceId, indexed?.root ?? null, revision.root);
  await tx.$executeRaw`
    INSERT INTO search_indexes (space_id, revision_id, root) VALUES (${spaceId}, ${revision.id}, ${revision.root})
    ON CONFLICT (space_id) DO UPDATE SET revision_id = EXCLUDED.revision_id, root = EXCLUDED.root`;
}

async function applyDiff(tx: Db, spaceId: string, fromRoot: string | null, toRoot: string): Promise<void> {
  const store = new ObjectStore(tx, spaceId);
  const changes = await trieDiff(store, fromRoot ?? emptyTrie(store), toRoot);
  const removed: string[] = [];
  const changed: { after: string; before?: string }[] = [];
  for (const [key, change] of changes) {
    const { kind, id } = parseContentKey(key);
    if (kind !== "page") continue;
    if (change.after === undefined) removed.push(id);
    else changed.push({ after: change.after, before: change.before });
  }
  if (removed.length > 0) {
    await tx.$executeRaw`DELETE FROM search_sections WHERE space_id = ${spaceId} AND page_id = ANY(${removed}::text[])`;
    await tx.$executeRaw`DELETE FROM search_pages WHERE space_id = ${spaceId} AND page_id = ANY(${removed}::text[])`;
  }
  for (let start = 0; start < changed.length; start += BATCH) {
    const batch = changed.slice(start, start + BATCH);
    const versions = await store.getObjects<PageVersion>(batch.flatMap((change) => (change.before ? [change.before, change.after] : [change.after])));
    const pairs = batch.map((change) => ({ before: change.before ? versions.get(change.before)! : undefined, after: versions.get(change.after)! }));
    // A new sort key changes neither row; a move rewrites the page's row only; a new title, description,
    // body or noIndex its sections too.
    const differ = (before: PageVersion | undefined, after: PageVersion, fields: (keyof PageVersion)[]) =>
      !before || fields.some((field) => before[field] !== after[field]);
    const placed = pairs.filter(({ before, after }) => differ(before, after, ["parentId", "title", "slug", "description"])).map(({ after }) => after);
    const rewritten = pairs.filter(({ before, after }) => differ(before, after, ["body", "title", "description", "noIndex"])).map(({ after }) => after);
    if (placed.length > 0) await upsertPages(tx, spaceId, placed);
    if (rewritten.length > 0) await replaceSections(tx, store, spaceId, rewritten);
  }
}

async function upsertPages(tx: Db, spaceId: string, pages: PageVersion[]): Promise<void> {
  const rows = pages.map((page) => ({ page_id: page.id, parent_id: page.parentId, title: page.title, slug: page.slug, description: page.description ?? "" }));
  await tx.$executeRaw`
    INSERT INTO search_pages (space_id, page_id, parent_id, title, slug, description)
    SELECT ${spaceId}, page_id, parent_id, title, slug, description
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS t(page_id text, parent_id text, title text, slug text, description text)
    ON CONFLICT (space_id, page_id) DO UPDATE
      SET parent_id = EXCLUDED.parent_id, title = EXCLUDED.title, slug = EXCLUDED.slug, description = EXCLUDED.description`;
}

/** The pages' sections, searchable; a page marked `noIndex` keeps none (its row still gives paths). */
async function replaceSections(tx: Db, store: ObjectStore, spaceId: string, pages: PageVersion[]): Promise<void> {
  const indexed = pages.filter((page) => !page.noIndex);
  const bodies = await store.getBodies(indexed.map((page) => page.body));
  const sections = await sectionsOf(indexed, bodies);
  const rows = indexed.flatMap((page, index) =>
    sections[index]!.map((section) => ({
      page_id: page.id,
      section_id: section.id,
      position: section.position,
      page_title: page.title,
      page_description: section.id === "" ? (page.description ?? "") : "",
      section_title: section.title,
      body: section.body,
    })),
  );
  const pageIds = pages.map((page) => page.id);
  await tx.$executeRaw`DELETE FROM search_sections WHERE space_id = ${spaceId} AND page_id = ANY(${pageIds}::text[])`;
  await tx.$executeRaw`
    INSERT INTO search_sections (space_id, page_id, section_id, position, page_title, page_description, section_title, body)
    SELECT ${spaceId}, page_id, section_id, position, page_title, page_description, section_title, body
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS t(page_id text, section_id text, position int, page_title text, page_description text, section_title text, body text)`;
}

/**
 * Each page's sections, split in the markdown pool with the read budget (the page was accepted
 * once, and indexing holds no lock anyone waits for); one past it is indexed by its title and
 * description alone (an empty lead section), so that no page can fail its space's indexing every time.
 */
async function sectionsOf(pages: PageVersion[], bodies: Map<string, string>): Promise<PageSection[][]> {
  const outcomes = await markdownPool().map("pageSections", pages.map((page) => bodies.get(page.body)!), READ_BUDGET_MS);
  return outcomes.map((outcome, index) => {
    if (outcome.ok) return outcome.value;
    console.warn(`Page ${pages[index]!.id} indexed by title and description only: its markdown is ${describeLimit(outcome.limit, READ_BUDGET_MS)}.`);
    return [{ id: "", position: 0, title: "", body: "" }];
  });
}

/**
 * A space whose first indexed revision has the root of a revision another space has indexed
 * (a duplicate: `copyRevisionTo` keeps the root) copies that index instead of parsing every page
 * again: equal roots are equal content, page ids included. One statement, so that the copy reads
 * one snapshot of the other space's index.
 */
async function copyIndexAtSameRoot(tx: Db, revision: RevisionRef): Promise<boolean> {
  const [result] = await tx.$queryRaw<{ copied: boolean }[]>`
    WITH twin AS (
      SELECT space_id FROM search_indexes WHERE root = ${revision.root} AND space_id <> ${revision.spaceId} LIMIT 1
    ), pages AS (
      INSERT INTO search_pages (space_id, page_id, parent_id, title, slug, description)
      SELECT ${revision.spaceId}, p.page_id, p.parent_id, p.title, p.slug, p.description FROM search_pages p JOIN twin USING (space_id)
    ), sections AS (
      INSERT INTO search_sections (space_id, page_id, section_id, position, page_title, page_description, section_title, body)
      SELECT ${revision.spaceId}, s.page_id, s.section_id, s.position, s.page_title, s.page_description, s.section_title, s.body
      FROM search_sections s JOIN twin USING (space_id)
    )
    SELECT EXISTS (SELECT 1 FROM twin) AS copied`;
  return result!.copied;
}
