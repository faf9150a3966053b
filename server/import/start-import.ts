import type { ServiceContext } from "../context";
import { createImport } from "./import-records";
import { importLimits } from "./limits";
import { presentImportRun } from "./present-import";
import type { ImportContentInput } from "./schemas";
import type { ImportTarget } from "./target";

/**
 * Starts an import into a space or a change request: checks the caller's rights, records the
 * import (pending) and queues its job. Answers at once; the UI follows the import's progress.
 */
export async function startImport(ctx: ServiceContext, target: ImportTarget, input: ImportContentInput) {
  return presentImportRun(await createImport(ctx, target, input, importLimits()));
}
