import { readPage } from "../../content/revisions";
import { spaceVariablesOf, type Variables } from "../../content/variables";
import { db } from "../../db/client";
import { siteCache } from "./cache";
import type { ModelSiteSpace } from "./types";

/** A published page's body: its markdown and the variables its `{{ space.vars.X }}` / `{{ page.vars.X }}` read. */
export type PublishedPageBody = { markdown: string; variables: { space: Variables; page: Variables } };

/**
 * The body of a page of the revision a site space shows, or null when the revision has no such
 * page. A revision never changes, so bodies are kept by revision and page for as long as memory
 * allows (server/sites/serve/cache.ts) and never invalidated: a merge names a new revision.
 */
export async function readPublishedPage(siteSpace: Pick<ModelSiteSpace, "revisionId">, pageId: string): Promise<PublishedPageBody | null> {
  const key = `${siteSpace.revisionId}:${pageId}`;
  const bodies = siteCache().bodies;
  const cached = bodies.get(key) as PublishedPageBody | undefined;
  if (cached) return cached;
  const revision = await db().revision.findUnique({ where: { id: siteSpace.revisionId }, select: { id: true, spaceId: true, root: true, variables: true } });
  const page = revision ? await readPage(db(), revision, pageId) : null;
  if (!revision || !page) return null;
  const body: PublishedPageBody = { markdown: page.markdown, variables: { space: spaceVariablesOf(revision), page: page.variables ?? {} } };
  bodies.set(key, body);
  return body;
}
