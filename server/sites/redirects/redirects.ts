import type { ServiceContext } from "../../context";
import { db, type Db } from "../../db/client";
import type { Prisma, Site, SiteRedirect } from "../../db/generated/client";
import { AppError, fieldError, notFound } from "../../errors";
import type { EventRecorder } from "../../events/record-event";
import { newId } from "../../ids";
import { decodeKeysetCursor, encodeKeysetCursor, type ListResult } from "../../pagination";
import { loadSite } from "../../policies/site";
import { resolveSiteReader } from "../published/reader";
import { writeSite } from "../write-site";
import { destinationUrl, resolveDestination } from "./destinations";
import type { BulkUpsertRedirectsInput, CreateRedirectInput, ListRedirectsParams, RedirectDestination, UpdateRedirectInput } from "./schemas";
import { candidateSources } from "./source-path";
import { authorize } from "../../policies/authorize";

/**
 * A site's redirects: a source path (exact, or a prefix ending in `*`) of the published site leads
 * to a section, a site space, a page or an external URL. Reading them needs `view` (or a share
 * key), writing them the structure's `create`; writes go through writeSite and record
 * `site_redirects.changed`. A source is unique in its site (409). Quire keeps no draft redirects.
 */

const NO_DRAFTS = "Quire has no draft redirects; write the redirect live (draft false).";

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

async function loadForWrite(tx: Db, ctx: ServiceContext, organizationId: string, siteId: string) {
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.create");
  return access.site;
}

function sourceTaken(source: string, redirectId: string) {
  return fieldError("source", `This site already redirects ${source}.`, { code: "conflict", details: { source, redirectId } });
}

function recordChange(events: EventRecorder, site: Site, redirect: { id: string; source: string }, change: "created" | "updated" | "deleted") {
  events.record({
    organizationId: site.organizationId,
    action: "site_redirects.changed",
    target: { type: "site-redirect", id: redirect.id, label: redirect.source },
    payload: { siteId: site.id, redirectId: redirect.id, source: redirect.source, change },
  });
}

async function insertRedirect(tx: Db, site: Site, input: Omit<CreateRedirectInput, "draft">) {
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

export async function createRedirect(ctx: ServiceContext, organizationId: string, siteId: string, input: CreateRedirectInput) {
  if (input.draft) throw fieldError("draft", NO_DRAFTS);
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const redirect = await insertRedirect(tx, site, input);
    recordChange(events, site, redirect, "created");
    return presentRedirect(redirect);
  });
}

async function applyUpdate(tx: Db, site: Site, redirect: SiteRedirect, input: Omit<UpdateRedirectInput, "draft">): Promise<SiteRedirect | null> {
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

export async function updateRedirect(ctx: ServiceContext, organizationId: string, siteId: string, redirectId: string, input: UpdateRedirectInput) {
  if (input.draft) throw fieldError("draft", NO_DRAFTS);
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const redirect = await tx.siteRedirect.findFirst({ where: { id: redirectId, siteId } });
    if (!redirect) throw notFound(`No redirect ${redirectId} on this site.`);
    const updated = await applyUpdate(tx, site, redirect, input);
    if (!updated) {
      events.nothingChanged();
      return presentRedirect(redirect);
    }
    recordChange(events, site, updated, "updated");
    return presentRedirect(updated);
  });
}

/** Absent already: done (204 either way). */
export async function deleteRedirect(ctx: ServiceContext, organizationId: string, siteId: string, redirectId: string): Promise<void> {
  await writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const redirect = await tx.siteRedirect.findFirst({ where: { id: redirectId, siteId } });
    if (!redirect) return events.nothingChanged();
    await tx.siteRedirect.delete({ where: { id: redirectId } });
    recordChange(events, site, redirect, "deleted");
  });
}

type BulkResult =
  | { status: "created" | "updated" | "published"; source: string; draft: boolean; id: string }
  | { status: "deleted"; source: string; draft: boolean }
  | { status: "error"; source: string; draft: boolean; error: string };

/**
 * bulkUpsertSiteRedirects: each entry creates, updates (same source) or, with a null destination,
 * deletes a redirect, in one write. An entry that cannot be done is answered as an error in its
 * place and the others still apply (the reference's per-entry results). Draft intents are errors.
 */
export async function bulkUpsertRedirects(ctx: ServiceContext, organizationId: string, siteId: string, input: BulkUpsertRedirectsInput) {
  return writeSite(ctx, siteId, async (tx, events) => {
    const site = await loadForWrite(tx, ctx, organizationId, siteId);
    const results: BulkResult[] = [];
    let changed = false;
    for (const entry of input.redirects) {
      if (entry.intent !== "live") {
        results.push({ status: "error", source: entry.source, draft: entry.intent === "draft", error: NO_DRAFTS });
        continue;
      }
      try {
        const existing = await tx.siteRedirect.findUnique({ where: { siteId_source: { siteId, source: entry.source } } });
        if (entry.destination === null) {
          if (existing) {
            await tx.siteRedirect.delete({ where: { id: existing.id } });
            recordChange(events, site, existing, "deleted");
            changed = true;
          }
          results.push({ status: "deleted", source: entry.source, draft: false });
        } else if (existing) {
          const updated = await applyUpdate(tx, site, existing, { destination: entry.destination, captureWildcard: entry.captureWildcard, permanent: entry.permanent });
          if (updated) {
            recordChange(events, site, updated, "updated");
            changed = true;
          }
          results.push({ status: "updated", source: entry.source, draft: false, id: existing.id });
        } else {
          const created = await insertRedirect(tx, site, { source: entry.source, destination: entry.destination, captureWildcard: entry.captureWildcard, permanent: entry.permanent ?? false });
          recordChange(events, site, created, "created");
          changed = true;
          results.push({ status: "created", source: entry.source, draft: false, id: created.id });
        }
      } catch (error) {
        // A destination that is not of this site: the entry's error, not the request's.
        if (!(error instanceof AppError) || error.code === "forbidden") throw error;
        results.push({ status: "error", source: entry.source, draft: false, error: error.message });
      }
    }
    if (!changed) events.nothingChanged();
    return { results };
  });
}

/** listSiteRedirects: newest first (createdAt, updatedAt) or by source, keyset-paged. */
export async function listRedirects(ctx: ServiceContext, organizationId: string, siteId: string, params: ListRedirectsParams): Promise<ListResult<SiteRedirectObject>> {
  await loadSite(db(), ctx.actor, organizationId, siteId);
  if (params.draft) return { items: [], count: 0 };
  const base: Prisma.SiteRedirectWhereInput = { siteId, ...(params.search ? { source: { contains: params.search, mode: "insensitive" } } : {}) };
  const cursor = decodeKeysetCursor(params.page);
  const field = params.orderBy;
  const direction = field === "source" ? "asc" : "desc";
  let where = base;
  if (cursor) {
    const value = field === "source" ? cursor.value : cursor.value === null ? null : new Date(cursor.value);
    if (value === null || (value instanceof Date && Number.isNaN(value.getTime()))) throw fieldError("page", "Not a valid page cursor");
    const beyond = direction === "asc" ? "gt" : "lt";
    where = { AND: [base, { OR: [{ [field]: { [beyond]: value } }, { [field]: value, id: { [beyond]: cursor.id } }] }] };
  }
  const [rows, count] = await Promise.all([
    db().siteRedirect.findMany({ where, orderBy: [{ [field]: direction }, { id: direction }], take: params.limit + 1 }),
    db().siteRedirect.count({ where: base }),
  ]);
  const items = rows.slice(0, params.limit);
  const last = items[items.length - 1];
  const next =
    rows.length > params.limit && last
      ? { page: encodeKeysetCursor(field === "source" ? last.source : last[field].toISOString(), last.id) }
      : undefined;
  return { items: items.map(presentRedirect), count, ...(next ? { next } : {}) };
}

/**
 * getSiteRedirectBySource: the redirect a visited path meets — its own source, else the longest
 * `*` prefix matching it — and the URL it leads to (with the matched suffix when it captures it).
 */
export async function getRedirectBySource(ctx: ServiceContext, organizationId: string, siteId: string, source: string, shareKey: string | undefined) {
  const reader = await resolveSiteReader(db(), ctx.actor, organizationId, siteId, shareKey);
  const candidates = candidateSources(source);
  const found = await db().siteRedirect.findMany({ where: { siteId, source: { in: candidates } } });
  const redirect = candidates.map((candidate) => found.find((row) => row.source === candidate)).find((row) => row !== undefined);
  if (!redirect) throw notFound(`No redirect of this site matches ${source}.`);
  const url = await destinationUrl(db(), reader.site, redirect.destination as RedirectDestination, ctx.baseUrl);
  if (url === null) throw notFound(`The redirect for ${source} leads to something no longer in this site.`);
  const suffix = redirect.captureWildcard && redirect.source.endsWith("*") ? source.slice(redirect.source.length - 1) : "";
  return { redirect: presentRedirect(redirect), target: suffix ? `${url.replace(/\/$/, "")}/${suffix.replace(/^\//, "")}` : url };
}
