import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { changeRequestBase } from "./merge-base";
import { loadChangeRequest } from "./access";
import { changesBetween, type ChangesRecord } from "./changes";

/**
 * What a change request changes against the main revision it last took in
 * (`getChangeRequestChanges`): the changes between those two revisions.
 */
export async function getChangeRequestChanges(ctx: ServiceContext, spaceId: string, ref: string, params: { limit: number }): Promise<ChangesRecord> {
  const { changeRequest } = await loadChangeRequest(db(), ctx.actor, spaceId, ref);
  const baseId = changeRequestBase(changeRequest);
  if (baseId === changeRequest.revisionId) return { spaceId, changes: [] };
  const revisions = await db().revision.findMany({ where: { id: { in: [baseId, changeRequest.revisionId] } } });
  const base = revisions.find((revision) => revision.id === baseId)!;
  const head = revisions.find((revision) => revision.id === changeRequest.revisionId)!;
  return changesBetween(spaceId, base, head, params);
}
