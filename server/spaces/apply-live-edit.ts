import { ContentBatch, type PageOutcome } from "../change-requests/content-changes/content-batch";
import { loadFileSources } from "../change-requests/content-changes/file-sources";
import { parseContentChanges } from "../change-requests/schemas-content";
import { commitRevision, type FileVersion } from "../content/revisions";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { loadSpace } from "../policies/access";
import { authorizeLiveEdit } from "../policies/live-edit";
import { setMainRevision } from "../search/index-space";
import { fileStorage } from "../storage/file-storage";
import type { LiveEditInput } from "./schemas-live-edit";
import { writeSpace } from "./write-space";

/** The revision type of a live edit: main content written directly, not merged from a change request. */
export const LIVE_REVISION_TYPE = "live";

/** What a live edit did: main's new revision, each page's outcome and the files it stored (server/presenters/live-edit.ts shows it). */
export type LiveEditRecord = { spaceId: string; revision: string; outcomes: PageOutcome[]; insertedFiles: FileVersion[] };

/**
 * A live edit: an ordered batch of content changes (the change requests' own format and rules,
 * server/change-requests/content-changes) applied directly to the space's main content, as the
 * editor of a space in live edit mode saves. Who may is `authorizeLiveEdit`'s to say.
 *
 * It writes as a merge does: the space's row locked for the write (live edits and merges of one
 * space one at a time), one transaction, `space.content_edited` recorded in it, and search
 * indexing enqueued with the new main revision. Files are fetched and stored before, as for a
 * change request.
 *
 * One editing session is one history entry: each editor opening sends its own `session` id, and
 * while main's current revision is the one this session (and this user) last saved, a save
 * replaces it — the new revision takes its parents — rather than adding one. Any other write
 * in between (a merge, someone else's session) starts a new entry.
 */
export async function applyLiveEdit(ctx: ServiceContext, spaceId: string, input: LiveEditInput): Promise<LiveEditRecord> {
  // Checked before reading the changes or fetching any URL, then again under the lock.
  authorizeLiveEdit(await loadSpace(db(), ctx.actor, spaceId));
  const changes = parseContentChanges(input.changes);
  const fileOutcomes = await loadFileSources(changes);
  for (const outcome of fileOutcomes.values()) if (outcome.ok) await fileStorage().put(outcome.file.bytes);
  return writeSpace(ctx, spaceId, { lock: "space", pages: changes.length }, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    authorizeLiveEdit(access);
    const { space } = access;
    const main = await tx.revision.findUniqueOrThrow({ where: { id: space.revisionId! } });
    const batch = new ContentBatch(tx, main, { changes, baseRevision: main, fileOutcomes });
    for (const [index, change] of changes.entries()) await batch.apply(index, change);
    const result = await batch.finish();
    const continues = main.type === LIVE_REVISION_TYPE && main.editSessionId === input.session && main.authorId === ctx.actor.userId;
    const next = await commitRevision(tx, {
      spaceId,
      base: main,
      parents: continues ? main.parents : [main.id],
      type: LIVE_REVISION_TYPE,
      put: result.put,
      links: result.links,
      keySources: new Map([...result.keyedDocuments].map(([pageId, documentJson]) => [pageId, [{ documentJson }]])),
      remove: result.remove,
      putFiles: result.files.map((file) => file.version),
      variables: result.variables,
      authorId: ctx.actor.userId,
      editSessionId: input.session,
    });
    await setMainRevision(tx, space, next);
    events.record({
      organizationId: space.organizationId,
      action: "space.content_edited",
      target: { type: "space", id: space.id, label: space.title },
      payload: { revision: next.id, live: true, pages: result.outcomes.length, files: result.files.length },
      // The session's saves are one audit entry, as they are one history entry.
      session: input.session,
    });
    return { spaceId, revision: next.id, outcomes: result.outcomes, insertedFiles: result.files.map((file) => file.version) };
  });
}
