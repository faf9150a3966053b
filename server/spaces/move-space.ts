import { moveInTree } from "../content-tree/position";
import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { loadSpace, spaceRoleOf } from "../policies/access";
import { assertCanPlaceIn, visibilityUnder } from "../content-tree/placement";
import type { MoveSpaceInput } from "./schemas";
import { spaceRecord, type SpaceRecord } from "./records";
import { authorize } from "../policies/authorize";

/**
 * Moves a space to another collection of its organization (or its root) and/or to another
 * position among its siblings (the end by default). Needs admin on the space and the right to
 * create content in the target. A move that leaves everything in place is refused (400).
 */
export async function moveSpace(ctx: ServiceContext, spaceId: string, input: MoveSpaceInput): Promise<SpaceRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    const { space } = access;
    authorize(access, "space.move", space);
    const parentId = input.parent === undefined ? space.parentId : input.parent;
    await assertCanPlaceIn(tx, access, parentId);
    const moved = await moveInTree(
      tx,
      { organizationId: space.organizationId, fromParentId: space.parentId, toParentId: parentId, position: input.position, moving: { type: "space", id: spaceId } },
      (sortKey) => tx.space.update({ where: { id: spaceId }, data: { parentId, sortKey, visibility: visibilityUnder(space.visibility, parentId) } }),
    );
    events.record({ organizationId: moved.organizationId, action: "space.moved", target: { type: "space", id: moved.id, label: moved.title }, payload: { parent: moved.parentId } });
    return spaceRecord(tx, moved, await spaceRoleOf(tx, access, moved));
  });
}
