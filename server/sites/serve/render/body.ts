import { db } from "../../../db/client";
import { readFiles, readPage } from "../../../content/revisions";
import { spaceVariablesOf, type Variables } from "../../../content/variables";
import type { FileInfo } from "@/components/content/content-blocks";
import type { ModelSiteSpace } from "../types";

/*
 * TEMPORARY (render): a page's body from the site space's published revision, until helper
 * "model"'s `readPublishedPage` (server/sites/serve/page-body.ts) lands; then this file goes.
 */
export async function publishedBody(siteSpace: ModelSiteSpace, pageId: string): Promise<{ markdown: string; variables: { space: Variables; page: Variables }; files: Map<string, FileInfo> } | null> {
  const revision = await db().revision.findUnique({ where: { id: siteSpace.revisionId } });
  if (!revision) return null;
  const page = await readPage(db(), revision, pageId);
  if (!page) return null;
  // File blocks name their file: only a body with one reads the space's file list.
  const files = page.markdown.includes("{% file") ? await readFiles(db(), revision) : [];
  return {
    markdown: page.markdown,
    variables: { space: spaceVariablesOf(revision), page: page.variables ?? {} },
    files: new Map(files.map((file) => [file.id, { name: file.name, contentType: file.contentType, size: file.size }])),
  };
}
