import { z } from "zod";
import { commitRevision, currentRevision, pageKey, readPage } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { trieGet } from "../content/store/trie";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors";
import { entityIdSchema } from "../ids";
import { loadSpace } from "../policies/access";
import { writeSpace } from "../spaces/write-space";
import { changeRequestInclude } from "./access";
import { PageDraft } from "./content-changes/page-draft";
import { uniqueSlug } from "./content-changes/slugs";
import { openDraft } from "./create-change-request";
import { changeRequestRecord } from "./records";

/** A change request subject's bound (server/change-requests/schemas.ts). */
const SUBJECT_MAX = 100;

export const restorePageInput = z.object({ revisionId: entityIdSchema, pageId: entityIdSchema });
export type RestorePageInput = z.infer<typeof restorePageInput>;

/**
 * Opens a change request that puts a page back as it was in an earlier revision of the space:
 * its title, body and settings, under its old parent when that page is still in the space
 * (otherwise at the top level), with its slug made free among its new siblings. Needs the edit
 * permission, like any change request; one write, so the change request never exists empty. A page
 * already as it was is refused (400): there is nothing to restore.
 */
export async function restorePage(ctx: ServiceContext, spaceId: string, input: RestorePageInput) {
  return writeSpace(ctx, spaceId, { lock: "space", pages: 1 }, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    const { space } = access;
    // Scoped by space: a revision of another space is not found, even one the caller can read.
    const revision = await tx.revision.findFirst({ where: { id: input.revisionId, spaceId: space.id } });
    if (!revision) throw notFound(`No revision ${input.revisionId} in space ${spaceId}.`);
    const page = await readPage(tx, revision, input.pageId);
    if (!page) throw notFound(`No page ${input.pageId} in revision ${input.revisionId}.`);
    const subject = `Restore “${page.title || "Untitled page"}”`.slice(0, SUBJECT_MAX);
    const opened = await openDraft(tx, ctx, access, events, subject);
    const main = await currentRevision(tx, space);
    // The same stored version: the page is already as it was, and the change request would change
    // nothing. Checked after the edit permission (in `openDraft`); throwing undoes the draft.
    const store = new ObjectStore(tx, space.id);
    const [then, now] = await Promise.all([trieGet(store, revision.root, pageKey(page.id)), trieGet(store, main.root, pageKey(page.id))]);
    if (then === now) throw badRequest(`The page “${page.title || "Untitled page"}” is already as it was in this version.`);
    const draft = new PageDraft(tx, main);
    await draft.loadTree();
    const parentId = page.parentId !== null && draft.nodeSync(page.parentId) ? page.parentId : null;
    const siblings = draft.childrenOf(parentId).filter((sibling) => sibling.id !== page.id);
    const slug = uniqueSlug(page.slug, new Set(siblings.map((sibling) => sibling.slug)));
    const restored = await commitRevision(tx, {
      spaceId: space.id,
      base: main,
      parents: [main.id],
      put: [{ ...page, parentId, slug, updatedAt: new Date().toISOString() }],
      authorId: ctx.actor.userId,
      changeRequestId: opened.id,
    });
    const changeRequest = await tx.changeRequest.update({ where: { id: opened.id }, data: { revisionId: restored.id }, include: changeRequestInclude });
    events.record({
      organizationId: space.organizationId,
      action: "change_request.content_edited",
      target: { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` },
      payload: { revision: restored.id, pages: 1, files: 0, restoredFrom: revision.id },
    });
    return changeRequestRecord(tx, access, changeRequest);
  });
}
