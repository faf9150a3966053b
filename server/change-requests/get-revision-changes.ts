import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { notFound } from "../errors";
import { loadSpace } from "../policies/access";
import { changesBetween } from "./changes";

/**
 * What changed in a space between any two of its revisions, `from` to `to` (the history's diff),
 * in the shape of a change request's changes. Either revision of another space is not found.
 */
export async function getRevisionChanges(ctx: ServiceContext, spaceId: string, input: { from: string; to: string }, params: { limit: number }) {
  const { space } = await loadSpace(db(), ctx.actor, spaceId);
  const revisions = await db().revision.findMany({ where: { id: { in: [input.from, input.to] }, spaceId: space.id } });
  const [from, to] = [input.from, input.to].map((id) => {
    const revision = revisions.find((each) => each.id === id);
    if (!revision) throw notFound(`No revision ${id} in space ${spaceId}.`);
    return revision;
  });
  return changesBetween(spaceId, from!, to!, params);
}
