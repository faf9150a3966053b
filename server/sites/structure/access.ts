import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { EventRecorder } from "../../events/record-event";
import { loadSite, type SiteAccess } from "../../policies/site";
import { resolveSiteReader } from "../published/reader";
import { writeSite } from "../write-site";
import { loadStructureView, type RecordOf } from "./records";
import { loadStructure, normalizeStructure, type StructureSnapshot } from "./rules";
import { readSnapshot } from "../../db/transaction";
import { authorize } from "../../policies/authorize";

/**
 * How structure operations read and write: the site loaded for the caller and authorized (reading:
 * `view`; changing the structure: `create`), a write under the site's lock ending with the structure
 * rules re-applied, then the answer's record picked from the structure as it will be committed.
 */

async function structureWrite<T>(ctx: ServiceContext, organizationId: string, siteId: string, work: (tx: Db, events: EventRecorder, access: SiteAccess) => Promise<T>, then: (tx: Db, access: SiteAccess, structure: StructureSnapshot, result: T) => Promise<unknown>) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const access = await loadSite(tx, ctx.actor, organizationId, siteId);
    authorize(access, "site.create");
    const result = await work(tx, events, access);
    return then(tx, access, await normalizeStructure(tx, siteId), result);
  });
}

/** Runs a structure change answered with a record, picked from the structure as normalized (server/sites/structure/records.ts). */
export async function writeStructure<R>(ctx: ServiceContext, organizationId: string, siteId: string, work: (tx: Db, events: EventRecorder, access: SiteAccess) => Promise<RecordOf<R>>): Promise<R> {
  return structureWrite(ctx, organizationId, siteId, work, async (tx, access, structure, pick) =>
    pick(structure, await loadStructureView(tx, access.site, access, structure.siteSpaces)),
  ) as Promise<R>;
}

/** Runs a structure change answered with no body (deletions). */
export async function changeStructure(ctx: ServiceContext, organizationId: string, siteId: string, work: (tx: Db, events: EventRecorder, access: SiteAccess) => Promise<void>): Promise<void> {
  await structureWrite(ctx, organizationId, siteId, work, async () => undefined);
}

/**
 * Reads a site's structure as a member who may view it or, with `shareKey`, as the visitor of one
 * of its share links (server/sites/published/reader.ts), from one snapshot of the database.
 */
export async function readStructure<R>(ctx: ServiceContext, organizationId: string, siteId: string, shareKey: string | undefined, pick: RecordOf<R>): Promise<R> {
  return readSnapshot(async (tx) => {
    const reader = await resolveSiteReader(tx, ctx.actor, organizationId, siteId, shareKey);
    if (reader.via === "member") authorize(reader.access, "site.view");
    const structure = await loadStructure(tx, siteId);
    return pick(structure, await loadStructureView(tx, reader.site, reader.via === "member" ? reader.access : null, structure.siteSpaces));
  });
}
