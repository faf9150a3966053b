import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { notFound } from "../../errors";
import { findRow, loadContentInstallation, contentInstallationRecord, type ContentInstallationRecord, type ContentKind } from "./content-installation-records";

export async function getContentInstallation(ctx: ServiceContext, kind: ContentKind, integrationName: string, installationId: string, targetId: string, extended = false): Promise<ContentInstallationRecord> {
  const access = await loadContentInstallation(db(), ctx.actor, kind, integrationName, installationId, targetId);
  const row = await findRow(db(), kind, installationId, targetId);
  if (!row) throw notFound(`${access.integration.title} is not installed on this ${kind}.`);
  return contentInstallationRecord(db(), kind, row, access, extended);
}
