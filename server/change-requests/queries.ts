import type { ServiceContext } from "../context";
import { db, type Prisma } from "../db/client";
import { paginateById } from "../pagination";
import { loadSpace } from "../policies/access";
import { presentChangeRequest } from "../presenters/change-request";
import { changeRequestInclude, loadChangeRequest } from "./access";
import type { ListChangeRequestsParams } from "./schemas";
import { openChangeRequestCommentCount, openChangeRequestComments } from "../comments/counts";

export async function getChangeRequest(ctx: ServiceContext, spaceId: string, ref: string) {
  const access = await loadChangeRequest(db(), ctx.actor, spaceId, ref);
  return presentChangeRequest(access.changeRequest, access, ctx.baseUrl, await openChangeRequestCommentCount(db(), spaceId, access.changeRequest.id));
}

/** A space's change requests in a status (open by default), newest first, optionally by creator or contributor. */
export async function listChangeRequests(ctx: ServiceContext, spaceId: string, params: ListChangeRequestsParams) {
  const access = await loadSpace(db(), ctx.actor, spaceId);
  const contributedTo = params.contributor
    ? (
        await db().revision.findMany({
          where: { spaceId, authorId: params.contributor, changeRequestId: { not: null } },
          select: { changeRequestId: true },
          distinct: ["changeRequestId"],
        })
      ).map((revision) => revision.changeRequestId!)
    : [];
  const where: Prisma.ChangeRequestWhereInput = {
    spaceId,
    status: params.status,
    ...(params.creator ? { createdById: params.creator } : {}),
    ...(params.contributor ? { OR: [{ createdById: params.contributor }, { id: { in: contributedTo } }] } : {}),
  };
  const page = await paginateById(
    params,
    (beforeId, take) =>
      db().changeRequest.findMany({
        where: beforeId ? { AND: [where, { id: { lt: beforeId } }] } : where,
        include: changeRequestInclude,
        orderBy: { id: "desc" },
        take,
      }),
    () => db().changeRequest.count({ where }),
  );
  const comments = await openChangeRequestComments(db(), spaceId, page.items.map((changeRequest) => changeRequest.id));
  return { ...page, items: page.items.map((changeRequest) => presentChangeRequest(changeRequest, access, ctx.baseUrl, comments.get(changeRequest.id)!)) };
}
