import { createInitialRevision } from "../content/revisions";
import { sortKeyFor } from "../content-tree/position";
import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { loadOrganization, spaceRoleOf, type OrgAccess } from "../policies/access";
import type { Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import { setMainRevision } from "../search/index-space";
import { assertCanPlaceIn } from "../content-tree/placement";
import { DEFAULT_SPACE_TITLE, type CreateSpaceInput } from "./schemas";
import { openSpaceCommentCount } from "../comments/counts";
import type { SpaceRecord } from "./records";

/** Creates a space at the end of its parent (collection or organization root), with its first revision. */
export async function createSpace(ctx: ServiceContext, organizationId: string, input: CreateSpaceInput): Promise<SpaceRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadOrganization(tx, ctx.actor, organizationId);
    const space = await insertSpace(tx, events, access, input);
    // A new space is in no site yet: nothing publishes it.
    return { ...space, role: await spaceRoleOf(tx, access, space), openComments: await openSpaceCommentCount(tx, space.id), publication: null };
  });
}

/**
 * Inserts a space with its first revision inside the caller's write (also used when a site is
 * created with a new space), after checking the caller may create it there.
 */
export async function insertSpace(tx: Db, events: EventRecorder, access: OrgAccess, input: CreateSpaceInput) {
  const organizationId = access.organization.id;
  const parentId = input.parent ?? null;
  await assertCanPlaceIn(tx, access, parentId);
  const spaceId = newId();
  await tx.space.create({
    data: {
      id: spaceId,
      organizationId,
      parentId,
      title: input.title ?? DEFAULT_SPACE_TITLE,
      emoji: input.emoji ?? null,
      editMode: input.editMode ?? "live",
      language: input.language ?? null,
      sortKey: await sortKeyFor(tx, { organizationId, parentId }),
    },
  });
  const revision = await createInitialRevision(tx, spaceId, { empty: input.empty === true });
  const space = await setMainRevision(tx, { id: spaceId }, revision);
  events.record({ organizationId, action: "space.created", target: { type: "space", id: space.id, label: space.title }, payload: { parent: space.parentId } });
  return space;
}
