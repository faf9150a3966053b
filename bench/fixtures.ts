/** Generated content the benchmarks share. */
import { db } from "../server/db/client";
import { commitRevision } from "../server/content/revisions";
import { newId } from "../server/ids";
import { indexSpace, setMainRevision } from "../server/search/index-space";

const WORDS = "install configure deploy token webhook retries billing reference guide error handling migration authentication database cache queue search index page space site".split(" ");

/** The words of page `i` (varied by `seed`), so that pages differ and search has something to rank. */
export const pageWord = (i: number, n: number, seed = 0) => WORDS[(i * 31 + n * 17 + seed) % WORDS.length]!;

const shortBody = (i: number, seed: number) =>
  `# Page ${i}\n\nAbout ${pageWord(i, 3, seed)} and ${pageWord(i, 4, seed)}.\n\n## Details\n\nHow to ${pageWord(i, 5, seed)} the ${pageWord(i, 6, seed)} with ${pageWord(i, 7, seed)}.\n`;

/**
 * A space whose main revision holds `count` pages (ten at the top, then ten under each page in
 * order), indexed for search. `markdown` writes page `i`'s body (a short one by default).
 */
export async function spaceWithPages(organizationId: string, count: number, options: { seed?: number; markdown?: (i: number) => string } = {}) {
  const seed = options.seed ?? 0;
  const markdown = options.markdown ?? ((i: number) => shortBody(i, seed));
  const spaceId = newId();
  await db().space.create({ data: { id: spaceId, organizationId, title: `Space of ${count} pages` } });
  const now = new Date().toISOString();
  const pageIds = Array.from({ length: count }, () => newId());
  const pages = pageIds.map((id, i) => ({
    id,
    title: `Page ${i} ${pageWord(i, 1, seed)} ${pageWord(i, 2, seed)}`,
    slug: `page-${i}`,
    parentId: i < 10 ? null : pageIds[Math.floor(i / 10) - 1]!,
    sortKey: i % 10,
    markdown: markdown(i),
    createdAt: now,
    updatedAt: now,
  }));
  await db().$transaction(
    async (tx) => {
      const revision = await commitRevision(tx, { spaceId, base: null, parents: [], put: pages });
      const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
      await setMainRevision(tx, space, revision);
    },
    { timeout: 600_000 },
  );
  // Indexed here, as its job would be once committed: no job worker runs in the benchmarks.
  await indexSpace(spaceId);
  return { id: spaceId, pageIds };
}
