import { preparedRows, type Db } from "../db/client";
import { Prisma } from "../db/generated/client";
import { siteSpaceUrl } from "./urls";

/**
 * Where a space is published: the URL of its site space in a published site (`Space.urls.published`),
 * also its public URL when that site is public (`Space.urls.public`). A space shown by several
 * published sites answers with the oldest site's, and its first site space there.
 */
export type SpacePublication = { published: string; public?: string };

/** What the URL of a site space is made of (server/sites/urls.ts), as one row per space. */
export type PublicationRow = {
  space_id: string;
  basename: string;
  hostname: string | null;
  proxy: string | null;
  visibility: string;
  section_path: string | null;
  section_is_default: boolean | null;
  path: string;
  is_default: boolean;
};

/**
 * The site spaces of published sites showing spaces (`where`), with what their URLs are made of,
 * ordered so that each space's publication comes first: the oldest site's first site space.
 * Only the URL's columns are read, never the sites' customizations.
 */
const publicationRows = (select: Prisma.Sql, where: Prisma.Sql, order: Prisma.Sql) => Prisma.sql`
  ${select} ss.space_id, s.basename, s.hostname, s.proxy, s.visibility,
         sec.path AS section_path, sec.is_default AS section_is_default, ss.path, ss.is_default
  FROM site_spaces ss
  JOIN sites s ON s.id = ss.site_id AND s.published
  JOIN spaces sp ON sp.id = ss.space_id AND sp.deleted_at IS NULL
  LEFT JOIN site_sections sec ON sec.id = ss.section_id
  WHERE ${where}
  ORDER BY ${order} s.created_at, ss.site_id, ss.position, ss.id`;

/** One space's publication row as SQL (a JSON object, or null): `loadSpaceWith` reads it with the space (server/spaces/queries.ts). */
export const spacePublicationSql = (spaceId: string) =>
  Prisma.sql`SELECT to_jsonb(p) FROM (${publicationRows(Prisma.sql`SELECT`, Prisma.sql`ss.space_id = ${spaceId}`, Prisma.empty)} LIMIT 1) p`;

/** The publication a row gives, URLs on `baseUrl`'s sites origin. */
export function publicationOf(row: PublicationRow, baseUrl: string): SpacePublication {
  const section = row.section_path === null ? null : { path: row.section_path, isDefault: row.section_is_default! };
  const url = siteSpaceUrl(row, section, { path: row.path, isDefault: row.is_default }, baseUrl);
  return { published: url, ...(row.visibility === "public" ? { public: url } : {}) };
}

/**
 * The publication rows of many spaces in one query (lists), keyed by space id; absent when
 * unpublished. Rows hold no origin: services return them in records, and the edge makes URLs of them.
 * Prepared: every answer about spaces asks.
 */
export async function spacePublicationRows(tx: Db, spaceIds: string[]): Promise<Map<string, PublicationRow>> {
  if (spaceIds.length === 0) return new Map();
  // DISTINCT ON keeps each space's first row in that order.
  const rows = await preparedRows<PublicationRow>(
    tx,
    "space-publications",
    publicationRows(Prisma.sql`SELECT DISTINCT ON (ss.space_id)`, Prisma.sql`ss.space_id = ANY(${spaceIds}::text[])`, Prisma.sql`ss.space_id,`),
  );
  return new Map(rows.map((row) => [row.space_id, row]));
}
