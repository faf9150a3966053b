import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { Prisma, Site, SiteRedirect } from "../../db/generated/client";
import { fieldError } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { newId } from "../../ids";
import { authorize } from "../../policies/authorize";
import { loadSite } from "../../policies/site";
import { resolveDestination } from "./destinations";
import type { CreateRedirectInput, RedirectDestination, UpdateRedirectInput } from "./schemas";

/**
 * A site's redirects: a source path (exact, or a prefix ending in `*`) of the published site leads
 * to a section, a site space, a page or an external URL. Reading them needs `view` (or a share
 * key), writing them the structure's `create`; writes go through writeSite and record
 * `site_redirects.changed`. A source is unique in its site (409). Quire keeps no draft redirects.
 */

export const NO_DRAFTS = "Quire has no draft redirects; write the redirect live (draft false).";

export function presentRedirect(redirect: SiteRedirect) {
  return {
    object: "site-redirect" as const,
    id: redirect.id,
    source: redirect.source,
    draft: false,
    captureWildcard: redirect.captureWildcard,
    permanent: redirect.permanent,
    destination: redirect.destination as RedirectDestination,
    createdAt: redirect.createdAt.toISOString(),
    // "Absent if never updated since creation."
    ...(redirect.updatedAt.getTime() !== redirect.createdAt.getTime() ? { updatedAt: redirect.updatedAt.toISOString() } : {}),
  };
}
export type SiteRedirectObject = ReturnType<typeof presentRedirect>;

export async function loadForWrite(tx: Db, ctx: ServiceContext, organizationId: string, siteId: string) {
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.create");
  return access.site;
}

function sourceTaken(source: string, redirectId: string) {
  return fieldError("source", `This site already redirects ${source}.`, { code: "conflict", details: { source, redirectId } });
}

export function recordChange(events: EventRecorder, site: Site, redirect: { id: string; source: string }, change: "created" | "updated" | "deleted") {
  events.record({
    organizationId: site.organizationId,
    action: "site_redirects.changed",
    target: { type: "site-redirect", id: redirect.id, label: redirect.source },
    payload: { siteId: site.id, redirectId: redirect.id, source: redirect.source, change },
  });
}

export async function insertRedirect(tx: Db, site: Site, input: Omit<CreateRedirectInput, "draft">) {
  const existing = await tx.siteRedirect.findUnique({ where: { siteId_source: { siteId: site.id, source: input.source } }, select: { id: true } });
  if (existing) throw sourceTaken(input.source, existing.id);
  const now = new Date();
  return tx.siteRedirect.create({
    data: {
      id: newId(),
      siteId: site.id,
      source: input.source,
      destination: await resolveDestination(tx, site, input.destination),
      permanent: input.permanent,
      captureWildcard: input.captureWildcard,
      createdAt: now,
      updatedAt: now,
    },
  });
}

export async function applyUpdate(tx: Db, site: Site, redirect: SiteRedirect, input: Omit<UpdateRedirectInput, "draft">): Promise<SiteRedirect | null> {
  const data: Prisma.SiteRedirectUpdateInput = {};
  if (input.source !== undefined && input.source !== redirect.source) {
    const taken = await tx.siteRedirect.findUnique({ where: { siteId_source: { siteId: site.id, source: input.source } }, select: { id: true } });
    if (taken) throw sourceTaken(input.source, taken.id);
    data.source = input.source;
  }
  if (input.destination !== undefined) {
    const destination = await resolveDestination(tx, site, input.destination);
    if (JSON.stringify(destination) !== JSON.stringify(redirect.destination)) data.destination = destination;
  }
  if (input.permanent !== undefined && input.permanent !== redirect.permanent) data.permanent = input.permanent;
  if (input.captureWildcard !== undefined && input.captureWildcard !== redirect.captureWildcard) data.captureWildcard = input.captureWildcard;
  if (Object.keys(data).length === 0) return null;
  return tx.siteRedirect.update({ where: { id: redirect.id }, data });
}
