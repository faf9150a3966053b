import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { sortKeyFor } from "../content-tree/position";
import { db } from "../db/client";
import { conflict } from "../errors";
import { collectionRole, loadCollection, loadOrganization } from "../policies/access";
import type { CollectionRecord } from "./records";
import { lockContentTree } from "../content-tree/placement";
import { collectionSubtreeIds } from "./queries";
import type { TransferCollectionInput } from "./schemas";
import { authorize } from "../policies/authorize";

/**
 * Moves a collection with everything in it (nested collections, spaces, trashed spaces
 * included) to the root of another organization the caller administers.
 */
export async function transferCollection(ctx: ServiceContext, collectionId: string, input: TransferCollectionInput): Promise<CollectionRecord> {
  const source = await loadCollection(db(), ctx.actor, collectionId);
  return writeChange(ctx, async (tx, events) => {
    await lockContentTree(tx, [source.organization.id, input.organization]);
    const access = await loadCollection(tx, ctx.actor, collectionId);
    if (access.organization.id !== source.organization.id) {
      throw conflict(`Collection ${collectionId} was moved meanwhile: retry the transfer.`);
    }
    authorize(access, "collection.transfer");
    const target = await loadOrganization(tx, ctx.actor, input.organization);
    if (target.organization.id === access.organization.id) {
      throw conflict(`The transfer would change nothing: collection ${collectionId} is already in organization ${input.organization}.`);
    }
    authorize(target, "organization.receiveTransfer");

    const ids = await collectionSubtreeIds(tx, collectionId);
    const sortKey = await sortKeyFor(tx, { organizationId: target.organization.id, parentId: null });
    await tx.collection.updateMany({ where: { id: { in: ids } }, data: { organizationId: target.organization.id } });
    await tx.space.updateMany({ where: { parentId: { in: ids } }, data: { organizationId: target.organization.id } });
    // Grants name the members and teams of the organization the content leaves.
    await tx.contentGrant.deleteMany({ where: { OR: [{ collectionId: { in: ids } }, { space: { parentId: { in: ids } } }] } });
    const moved = await tx.collection.update({ where: { id: collectionId }, data: { parentId: null, sortKey } });
    const role = await collectionRole(tx, target, collectionId);
    const target_ = { type: "collection", id: moved.id, label: moved.title };
    events.record({ organizationId: access.organization.id, action: "collection.transferred", target: target_, payload: { to: target.organization.id } });
    events.record({ organizationId: target.organization.id, action: "collection.transferred", target: target_, payload: { from: access.organization.id } });
    return { ...moved, role };
  });
}
