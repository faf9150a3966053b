import { commitRevision } from "../content/revisions";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { changeRequestBase } from "./merge-base";
import { writeSpace } from "../spaces/write-space";
import { fileStorage } from "../storage/file-storage";
import { changeRequestInclude, loadChangeRequest } from "./access";
import { ContentBatch, type PageOutcome } from "./content-changes/content-batch";
import { loadFileSources } from "./content-changes/file-sources";
import { parseContentChanges } from "./schemas-content";
import { changeRequestRecord, type ChangeRequestRecord } from "./records";
import type { FileVersion } from "../content/revisions";
import { authorize } from "../policies/authorize";

/** What a batch of content changes made: the change request as written, what it did to each page, the files it stored. */
export type ContentChangesRecord = { changeRequest: ChangeRequestRecord; outcomes: PageOutcome[]; insertedFiles: FileVersion[] };

/**
 * Applies an ordered batch of content changes to a change request as one new revision
 * (`updateChangeRequestContent`). The change request's row stays locked for the batch, so
 * batches and merges of one change request happen one at a time; any invalid change rejects
 * the whole batch before anything is written. Files are fetched and stored before the write:
 * their bytes are content-addressed, so storing them twice or for nothing changes nothing, and
 * no lock is held while a remote server or the storage answers. `session`: the editor opening
 * the save comes from (server/audit/edit-sessions.ts). Answers the change request as written, what
 * the batch did to each page and the files it stored: each edge shows what it asks for (the
 * GitBook-compatible /v1 answer is the change request alone).
 */
export async function applyContentChanges(ctx: ServiceContext, spaceId: string, ref: string, body: { changes: unknown[] }, options: { session?: string } = {}): Promise<ContentChangesRecord> {
  // Checked before reading the changes or fetching any URL, then again under the lock.
  const before = await loadChangeRequest(db(), ctx.actor, spaceId, ref);
  authorize(before, "changeRequest.editContent", before);
  const changes = parseContentChanges(body.changes);
  const fileOutcomes = await loadFileSources(changes);
  for (const outcome of fileOutcomes.values()) if (outcome.ok) await fileStorage().put(outcome.file.bytes);
  return writeSpace(ctx, spaceId, { lock: "changeRequests", pages: changes.length }, async (tx, events) => {
    const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref, { forUpdate: true });
    authorize(access, "changeRequest.editContent", access);
    const { changeRequest } = access;
    const [revision, baseRevision] = await Promise.all([
      tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } }),
      tx.revision.findUniqueOrThrow({ where: { id: changeRequestBase(changeRequest) } }),
    ]);
    const batch = new ContentBatch(tx, revision, { changes, baseRevision, fileOutcomes });
    for (const [index, change] of changes.entries()) await batch.apply(index, change);
    const result = await batch.finish();
    const next = await commitRevision(tx, {
      spaceId,
      base: revision,
      parents: [revision.id],
      put: result.put,
      links: result.links,
      // A JSON document's keys come first; blocks it left without one are matched to the version it replaces.
      keySources: new Map([...result.keyedDocuments].map(([pageId, documentJson]) => [pageId, [{ documentJson }]])),
      remove: result.remove,
      putFiles: result.files.map((file) => file.version),
      variables: result.variables,
      authorId: ctx.actor.userId,
      changeRequestId: changeRequest.id,
    });
    const updated = await tx.changeRequest.update({
      where: { id: changeRequest.id },
      data: { revisionId: next.id, updatedAt: new Date() },
      include: changeRequestInclude,
    });
    events.record({
      organizationId: access.space.organizationId,
      action: "change_request.content_edited",
      target: { type: "change_request", id: changeRequest.id, label: `#${changeRequest.number}` },
      payload: { revision: next.id, pages: result.outcomes.length, files: result.files.length },
      // The editor's autosaves of one opening are one audit entry; /v1 sends no session, one entry per write.
      session: options.session,
    });
    return { changeRequest: await changeRequestRecord(tx, access, updated), outcomes: result.outcomes, insertedFiles: result.files.map((file) => file.version) };
  });
}
