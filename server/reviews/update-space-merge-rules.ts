import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { writeChange } from "../events/write-change";
import { loadSpace } from "../policies/access";
import { authorize } from "../policies/authorize";
import { pickRules, spaceRules } from "./merge-rules-records";
import type { SpaceMergeRulesInput } from "./merge-rules-schemas";

export async function updateSpaceMergeRules(ctx: ServiceContext, spaceId: string, input: SpaceMergeRulesInput) {
  return writeChange(ctx, async (tx: Db, events) => {
    const access = await loadSpace(tx, ctx.actor, spaceId);
    authorize(access, "space.manageMergeRules", access.space);
    const space = await tx.space.update({ where: { id: spaceId }, data: input });
    events.record({
      organizationId: space.organizationId,
      action: "merge_rules.updated",
      target: { type: "space", id: spaceId, label: space.title },
      payload: { spaceId, ...pickRules(space) },
    });
    return spaceRules({ ...access, space });
  });
}
