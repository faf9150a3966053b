import { copyRevisionTo, createInitialRevision, currentRevision } from "../content/revisions";
import { sortKeyFor } from "../content-tree/position";
import type { ServiceContext } from "../context";
import { revisionSize } from "../content/revision-size";
import { db } from "../db/client";
import { newId } from "../ids";
import { loadSpace, spaceRoleOf } from "../policies/access";
import { setMainRevision } from "../search/index-space";
import { assertCanPlaceIn } from "../content-tree/placement";
import { SPACE_TITLE_MAX } from "./schemas";
import { writeSpace } from "./write-space";
import { openSpaceCommentCount } from "../comments/counts";
import type { SpaceRecord } from "./records";
import { authorize } from "../policies/authorize";

const COPY_SUFFIX = " (copy)";

/** "Title (copy)", shortening the title so that the result keeps within the title bound. */
export function copyTitle(title: string): string {
  return title.slice(0, SPACE_TITLE_MAX - COPY_SUFFIX.length).trimEnd() + COPY_SUFFIX;
}

/**
 * Copies a space (settings and content) right after the original, in the same parent.
 * Needs view on the space and the right to create content where the copy goes.
 */
export async function duplicateSpace(ctx: ServiceContext, spaceId: string): Promise<SpaceRecord> {
  const source = await db().space.findUnique({ where: { id: spaceId }, select: { revisionId: true } });
  const revision = source?.revisionId ? await db().revision.findUnique({ where: { id: source.revisionId } }) : null;
  const pages = revision ? await revisionSize(db(), revision) : 0;
  // The source's content is read, not written; its shared lock keeps its main revision still while it is copied.
  return writeSpace(ctx, spaceId, { lock: "changeRequests", pages }, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    const { space: source } = access;
    authorize(access, "space.duplicate", source);
    await assertCanPlaceIn(tx, access, source.parentId);
    const copyId = newId();
    await tx.space.create({
      data: {
        id: copyId,
        organizationId: source.organizationId,
        parentId: source.parentId,
        title: copyTitle(source.title),
        emoji: source.emoji,
        visibility: source.visibility,
        editMode: source.editMode,
        language: source.language,
        defaultLevel: source.defaultLevel,
        sortKey: await sortKeyFor(tx, {
          organizationId: source.organizationId,
          parentId: source.parentId,
          position: { after: { type: "space", space: source.id } },
        }),
      },
    });
    const revision = source.revisionId
      ? await copyRevisionTo(tx, await currentRevision(tx, source), copyId)
      : await createInitialRevision(tx, copyId, { empty: true });
    const copy = await setMainRevision(tx, { id: copyId }, revision);
    events.record({ organizationId: copy.organizationId, action: "space.duplicated", target: { type: "space", id: copy.id, label: copy.title }, payload: { from: source.id } });
    // A copy is in no site yet: nothing publishes it.
    return { ...copy, role: await spaceRoleOf(tx, access, copy), openComments: await openSpaceCommentCount(tx, copy.id), publication: null };
  });
}
