import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { fieldError } from "../errors";
import { loadSpace, spaceRoleOf } from "../policies/access";
import type { UpdateSpaceInput } from "./schemas";
import { spaceRecord, type SpaceRecord } from "./records";
import { authorize } from "../policies/authorize";

/**
 * Changes a space's settings. Admins keep this right on a locked space, so locking
 * (`editMode: locked`) can always be undone by them.
 */
export async function updateSpace(ctx: ServiceContext, spaceId: string, input: UpdateSpaceInput): Promise<SpaceRecord> {
  return writeChange(ctx, async (tx, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    const { space, role } = access;
    authorize({ role }, "space.update", space);
    if (input.visibility === "in-collection" && space.parentId === null) {
      throw fieldError("visibility", "In-collection is only available for a space in a collection");
    }
    const updated = await tx.space.update({
      where: { id: spaceId },
      data: {
        title: input.title,
        emoji: input.emoji,
        editMode: input.editMode,
        language: input.language,
        defaultLevel: input.defaultLevel,
        visibility: input.visibility,
      },
    });
    // The default level is part of the role rule: answer with the role as it now stands.
    const newRole = await spaceRoleOf(tx, access, updated);
    events.record({
      organizationId: updated.organizationId,
      action: "space.updated",
      target: { type: "space", id: updated.id, label: updated.title },
      // The previous visibility too, for the space_visibility_updated event integrations receive.
      payload: input.visibility !== undefined ? { ...input, previousVisibility: space.visibility } : input,
    });
    return spaceRecord(tx, updated, newRole);
  });
}
