import { sortKeyFor } from "../content-tree/position";
import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { conflict } from "../errors";
import { loadOrganization, loadSpace, spaceRoleOf } from "../policies/access";
import { assertCanPlaceIn, visibilityUnder } from "../content-tree/placement";
import type { TransferSpaceInput } from "./schemas";
import { removeSpaceFromSites } from "../sites/structure/space-removal";
import { spaceRecord, type SpaceRecord } from "./records";
import { authorize } from "../policies/authorize";

/**
 * Transfers a space, with its content, to another organization and/or collection, at the end
 * of the target. Needs admin on the space and the admin role in the target organization; an
 * organization the caller is not a member of is not found.
 */
export async function transferSpace(ctx: ServiceContext, spaceId: string, input: TransferSpaceInput): Promise<SpaceRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    const { space } = access;
    authorize(access, "space.transfer", space);
    const target = await loadOrganization(tx, ctx.actor, input.organization);
    authorize(target, "organization.receiveTransfer");
    const parentId = input.parent ?? null;
    await assertCanPlaceIn(tx, target, parentId);
    if (target.organization.id === space.organizationId && parentId === space.parentId) {
      throw conflict(
        `transfer would change nothing: space ${spaceId} is already ${parentId ? `in collection ${parentId}` : "at the root"} of organization ${space.organizationId}`,
      );
    }
    // Grants name the members and teams of the organization the space leaves, and sites are that
    // organization's: both let go of the space; in its own organization, they stay.
    if (target.organization.id !== space.organizationId) {
      await tx.contentGrant.deleteMany({ where: { spaceId } });
      await removeSpaceFromSites(tx, events, space);
    }
    const transferred = await tx.space.update({
      where: { id: spaceId },
      data: {
        organizationId: target.organization.id,
        parentId,
        visibility: visibilityUnder(space.visibility, parentId),
        sortKey: await sortKeyFor(tx, { organizationId: target.organization.id, parentId, moving: { type: "space", id: spaceId } }),
      },
    });
    const moved = { type: "space", id: transferred.id, label: transferred.title };
    events.record({ organizationId: space.organizationId, action: "space.transferred", target: moved, payload: { to: target.organization.id, parent: transferred.parentId } });
    if (target.organization.id !== space.organizationId) {
      events.record({ organizationId: target.organization.id, action: "space.transferred", target: moved, payload: { from: space.organizationId, parent: transferred.parentId } });
    }
    return spaceRecord(tx, transferred, await spaceRoleOf(tx, target, transferred));
  });
}
