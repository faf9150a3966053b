import type { ServiceContext } from "../context";
import type { ContentImport } from "../db/generated/client";
import { inTransaction } from "../db/transaction";
import { newId } from "../ids";
import { enqueue } from "../jobs/enqueue";
import { contentImportJob, contentImportPayloadFor } from "../jobs/import-job";
import type { ImportLimits } from "./limits";
import type { ImportContentInput } from "./schemas";
import { openImportTarget, type ImportTarget } from "./target";

/** Records the import and its job in one transaction: there is never an import no job will run. */
export async function createImport(ctx: ServiceContext, target: ImportTarget, input: ImportContentInput, limits: ImportLimits): Promise<ContentImport> {
  return inTransaction(async (tx) => {
    const { space, changeRequest } = await openImportTarget(tx, ctx.actor, target);
    const record = await tx.contentImport.create({
      data: { id: newId(), spaceId: space.id, changeRequestId: changeRequest?.id ?? null, createdById: ctx.actor.userId, source: input.source, url: input.url },
    });
    await enqueue(tx, contentImportJob, contentImportPayloadFor(record.id, limits));
    return record;
  }, "record");
}
