import type { ServiceContext } from "../context";
import { db, type Prisma } from "../db/client";
import { paginateById } from "../pagination";
import { loadSpace } from "../policies/access";
import { changeRequestInclude, loadChangeRequest } from "./access";
import type { ListChangeRequestsParams } from "./schemas";
import { changeRequestRecord, changeRequestRecords } from "./records";

export async function getChangeRequest(ctx: ServiceContext, spaceId: string, ref: string) {
  const access = await loadChangeRequest(db(), ctx.actor, spaceId, ref);
  return changeRequestRecord(db(), access, access.changeRequest);
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
  return { ...page, items: await changeRequestRecords(db(), access, page.items) };
}
