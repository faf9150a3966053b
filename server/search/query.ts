import { z } from "zod";
import { db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { encodeCursor, listParams } from "../pagination";

/**
 * Ranked full-text search over the index of some spaces (server/search/index-space.ts).
 *
 * Matching uses `websearch_to_tsquery` (quoted phrases, `or`, `-word`). While the last word is
 * being typed it also matches as a prefix of page titles (and of the sections of the pages found):
 * a prefix over the bodies of a large corpus can expand to thousands of words, over titles it stays
 * cheap. Ranking is `ts_rank_cd` over the weighted vector, squashed to [0, 1) per section; a page
 * scores its best section plus a quarter of its others, so more matching sections rank a page
 * higher without letting length alone win.
 *
 * The cost of ranking grows with the number of matches, not the size of the corpus: each query
 * ranks at most CANDIDATES sections matching anywhere plus TITLE_CANDIDATES whose page title
 * matches, so a word on every page stays fast and title matches are always considered. Beyond
 * that bound, which sections are ranked is arbitrary, and `count` counts the pages found among
 * the candidates. The query text is inlined (not computed in a CTE) so that the planner sees the
 * words and their frequency: a rare word reads the GIN index, a word on half the sections a few
 * thousand rows in sequence.
 */

/** Ranked results have no key to resume after: the opaque cursor holds the offset of the next page. */
const offsetCursor = z
  .string()
  .max(200)
  .optional()
  .transform((page, context) => {
    if (page === undefined) return 0;
    const decoded = Buffer.from(page, "base64url").toString("utf8");
    if (/^[0-9]{1,9}$/.test(decoded)) return Number(decoded);
    context.addIssue({ code: "custom", message: "not a valid page cursor" });
    return z.NEVER;
  });

export const searchParams = listParams.extend({ page: offsetCursor, query: z.string().min(1).max(512) });
export type SearchParams = z.infer<typeof searchParams>;

const CANDIDATES = 1000;
const TITLE_CANDIDATES = 500;
/** Sections shown per page: the best ones that match on their own. */
const SECTIONS_PER_PAGE = 3;
/** Weights of the vector's labels, in ts_rank's order D, C, B, A: other section's page title, text, heading, page title. */
const WEIGHTS = "{0.05,0.1,0.4,1.0}";

type QueryParts = { head: string; prefix: string };

/**
 * Splits off the last word, to be matched as a prefix, when it is a bare word of 3 characters or
 * more (shorter prefixes expand to too many words) that the query syntax leaves alone: not
 * negated, not in an open quote, not `or` nor the alternative after one (prefixing it would
 * turn `a or b` into `a and b*`).
 */
function queryParts(text: string): QueryParts {
  const trimmed = wellFormed(text).trim();
  const match = trimmed.match(/(?:^|\s)([\p{L}\p{N}]{3,})$/u);
  if (!match) return { head: trimmed, prefix: "" };
  const word = match[1]!;
  const head = trimmed.slice(0, trimmed.length - word.length);
  const openQuote = (trimmed.match(/"/g) ?? []).length % 2 === 1;
  if (openQuote || word.toLowerCase() === "or" || /(?:^|\s)or\s+$/i.test(head)) return { head: trimmed, prefix: "" };
  return { head, prefix: word };
}

/**
 * The query without what `websearch_to_tsquery` cannot take: control characters (PostgreSQL text
 * holds no NUL) and a `-` that negates nothing (a long run of them exhausts its operator stack,
 * "tsquery stack too small"). A `-` before a word or a quote still negates it.
 */
function wellFormed(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/-+(?=[^\p{L}\p{N}"]|$)/gu, " ");
}

/** The query as typed, every word whole. */
function wholeWords({ head, prefix }: QueryParts): Prisma.Sql {
  return Prisma.sql`websearch_to_tsquery('english', ${`${head}${prefix}`})`;
}

/** The query with its last word also matching as a prefix (the same query when it has no such word). */
function withPrefix({ head, prefix }: QueryParts): Prisma.Sql {
  if (prefix === "") return wholeWords({ head, prefix });
  return Prisma.sql`(websearch_to_tsquery('english', ${head}) && to_tsquery('english', ${`${prefix}:*`}))`;
}

export type RankedPage = { spaceId: string; pageId: string; score: number; rank: number };
export type SectionHit = { id: string; title: string; score: number; matched: boolean; snippet: string };
export type PageHit = RankedPage & {
  title: string;
  description: string;
  slug: string;
  /** Whether the page's own fields (title, description) match the query on their own. */
  pageMatched: boolean;
  ancestors: { id: string; title: string; slug: string }[];
  sections: SectionHit[];
};

/**
 * What a caller may narrow a search to, and how snippets mark the matched words.
 * `pages`: only these pages of the spaces are found (a published site's visible, indexed pages),
 * applied before ranking and paging so that `count` and pages stay right; absent, every page.
 * `marks`: written around each matched word of a snippet (absent, snippets are plain).
 */
export type SearchOptions = { pages?: { spaceId: string; pageId: string }[]; marks?: { start: string; stop: string } };

/** One page of results over `spaceIds`, best first, with each page's sections and ancestors. */
export async function searchPages(
  spaceIds: string[],
  params: SearchParams,
  options: SearchOptions = {},
): Promise<{ pages: PageHit[]; count: number; next?: { page: string } }> {
  const offset = params.page;
  const parts = queryParts(params.query);
  if (spaceIds.length === 0 || options.pages?.length === 0) return { pages: [], count: 0 };
  const { ranked, count } = await rankPages(spaceIds, parts, offset, params.limit, options.pages);
  if (ranked.length === 0) return { pages: [], count };
  const [sections, pages] = await Promise.all([sectionHits(ranked, parts, options.marks), pageRows(ranked)]);
  const hits = ranked.flatMap((page): PageHit[] => {
    const row = pages.get(key(page));
    const found = sections.get(key(page));
    // Gone between the two queries (a merge removed it): left out rather than shown half.
    if (!row || !found) return [];
    return [{ ...page, title: row.title, description: row.description, slug: row.slug, pageMatched: found.pageMatched, ancestors: ancestorsOf(row, pages), sections: found.sections }];
  });
  const more = offset + ranked.length < count;
  return { pages: hits, count, ...(more ? { next: { page: encodeCursor(String(offset + ranked.length)) } } : {}) };
}

const key = (page: { spaceId: string; pageId: string }) => `${page.spaceId}/${page.pageId}`;

async function rankPages(spaceIds: string[], parts: QueryParts, offset: number, limit: number, only: SearchOptions["pages"]) {
  const whole = wholeWords(parts);
  const prefixed = withPrefix(parts);
  // The allowed pages narrow the candidates themselves, so that the bounds count allowed pages only.
  const allowed = only
    ? Prisma.sql`allowed AS (SELECT * FROM unnest(${only.map((page) => page.spaceId)}::text[], ${only.map((page) => page.pageId)}::text[]) AS a(space_id, page_id)),`
    : Prisma.empty;
  const narrowed = only ? Prisma.sql`AND (s.space_id, s.page_id) IN (SELECT space_id, page_id FROM allowed)` : Prisma.empty;
  const rows = await db().$queryRaw<{ total: number; space_id: string | null; page_id: string | null; score: number | null }[]>`
    WITH ${allowed} hits AS (
      (SELECT s.space_id, s.page_id, s.section_id, ts_rank_cd(${WEIGHTS}::float4[], s.search, ${prefixed}, 32) AS score
       FROM search_sections s
       WHERE s.space_id = ANY(${spaceIds}::text[]) AND s.search @@ ${whole} ${narrowed}
       LIMIT ${CANDIDATES})
      UNION
      (SELECT s.space_id, s.page_id, s.section_id, ts_rank_cd(${WEIGHTS}::float4[], s.search, ${prefixed}, 32) AS score
       FROM search_sections s
       WHERE s.space_id = ANY(${spaceIds}::text[]) AND s.section_id = '' AND to_tsvector('english', s.page_title) @@ ${prefixed} ${narrowed}
       LIMIT ${TITLE_CANDIDATES})
    ),
    pages AS (
      SELECT space_id, page_id, max(score) + 0.25 * (sum(score) - max(score)) AS score
      FROM hits GROUP BY space_id, page_id
    ),
    ranked AS (
      SELECT * FROM pages ORDER BY score DESC, space_id, page_id OFFSET ${offset} LIMIT ${limit}
    )
    SELECT (SELECT count(*) FROM pages)::int AS total, ranked.space_id, ranked.page_id, ranked.score::float8 AS score
    FROM (SELECT 1) AS one LEFT JOIN ranked ON true
    ORDER BY ranked.score DESC, ranked.space_id, ranked.page_id`;
  const ranked = rows
    .filter((row) => row.page_id !== null)
    .map((row, index): RankedPage => ({ spaceId: row.space_id!, pageId: row.page_id!, score: row.score!, rank: offset + index + 1 }));
  return { ranked, count: rows[0]?.total ?? 0 };
}

/**
 * The matching sections of the ranked pages, with a snippet each. A section `matched` when its own
 * heading and text match the query (not only its page title); when none does, the page's best
 * section stands for it.
 */
async function sectionHits(ranked: RankedPage[], parts: QueryParts, marks: SearchOptions["marks"]) {
  const q = withPrefix(parts);
  const headline = `StartSel="${marks?.start ?? ""}", StopSel="${marks?.stop ?? ""}", MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
  const rows = await db().$queryRaw<
    { space_id: string; page_id: string; section_id: string; section_title: string; score: number; matched: boolean; title_matched: boolean; snippet: string }[]
  >`
    WITH query AS MATERIALIZED (SELECT ${q} AS q),
    wanted AS (SELECT * FROM unnest(${ranked.map((page) => page.spaceId)}::text[], ${ranked.map((page) => page.pageId)}::text[]) AS w(space_id, page_id)),
    hits AS (
      SELECT s.space_id, s.page_id, s.section_id, s.position, s.section_title, s.page_title, s.body,
        ts_rank_cd(${WEIGHTS}::float4[], s.search, query.q, 32) AS score,
        ts_filter(s.search, '{b,c}') @@ query.q AS matched,
        s.section_id = '' AND (ts_filter(s.search, '{a}') @@ query.q OR to_tsvector('english', s.page_description) @@ query.q) AS title_matched
      FROM wanted JOIN search_sections s ON s.space_id = wanted.space_id AND s.page_id = wanted.page_id, query
      WHERE s.search @@ query.q
    ),
    numbered AS (
      SELECT *, row_number() OVER (PARTITION BY space_id, page_id ORDER BY matched DESC, score DESC, position) AS n,
        bool_or(title_matched) OVER (PARTITION BY space_id, page_id) AS page_title_matched
      FROM hits
    )
    SELECT space_id, page_id, section_id, CASE WHEN section_id = '' THEN page_title ELSE section_title END AS section_title,
      score::float8 AS score, matched, page_title_matched AS title_matched,
      ts_headline('english', body, (SELECT q FROM query), ${headline}) AS snippet
    FROM numbered
    WHERE n <= ${SECTIONS_PER_PAGE} AND (matched OR n = 1)
    ORDER BY space_id, page_id, n`;
  const byPage = new Map<string, { pageMatched: boolean; sections: SectionHit[] }>();
  for (const row of rows) {
    const entry = byPage.get(key({ spaceId: row.space_id, pageId: row.page_id })) ?? { pageMatched: row.title_matched, sections: [] };
    entry.sections.push({ id: row.section_id, title: row.section_title, score: row.score, matched: row.matched, snippet: row.snippet.trim() });
    byPage.set(key({ spaceId: row.space_id, pageId: row.page_id }), entry);
  }
  return byPage;
}

type PageRow = { space_id: string; page_id: string; parent_id: string | null; title: string; slug: string; description: string };

/** The ranked pages and all their ancestors, in one walk up the tree. */
async function pageRows(ranked: RankedPage[]): Promise<Map<string, PageRow>> {
  const rows = await db().$queryRaw<PageRow[]>`
    WITH RECURSIVE up AS (
      SELECT p.space_id, p.page_id, p.parent_id, p.title, p.slug, p.description, 0 AS depth
      FROM unnest(${ranked.map((page) => page.spaceId)}::text[], ${ranked.map((page) => page.pageId)}::text[]) AS w(space_id, page_id)
      JOIN search_pages p ON p.space_id = w.space_id AND p.page_id = w.page_id
      UNION ALL
      SELECT a.space_id, a.page_id, a.parent_id, a.title, a.slug, a.description, up.depth + 1
      FROM up JOIN search_pages a ON a.space_id = up.space_id AND a.page_id = up.parent_id
      WHERE up.depth < 64
    )
    SELECT DISTINCT space_id, page_id, parent_id, title, slug, description FROM up`;
  return new Map(rows.map((row) => [key({ spaceId: row.space_id, pageId: row.page_id }), row]));
}

/**
 * A page's ancestors, top first. As in the page tree (`inReadingOrder`), a missing parent ends
 * the chain and a page in or under a parent cycle sits at the top level.
 */
function ancestorsOf(page: PageRow, rows: Map<string, PageRow>): PageHit["ancestors"] {
  const ancestors: PageHit["ancestors"] = [];
  const seen = new Set([page.page_id]);
  for (let parentId = page.parent_id; parentId !== null; ) {
    const parent = rows.get(key({ spaceId: page.space_id, pageId: parentId }));
    if (!parent) break;
    if (seen.has(parent.page_id)) return [];
    seen.add(parent.page_id);
    ancestors.unshift({ id: parent.page_id, title: parent.title, slug: parent.slug });
    parentId = parent.parent_id;
  }
  return ancestors;
}
