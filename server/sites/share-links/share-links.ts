import type { ServiceContext } from "../../context";
import { sealSecret } from "../../crypto/secret-box";
import { db, type Db } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { badRequest, fieldError, notFound } from "../../errors";
import { newId } from "../../ids";
import { paginateModel } from "../../pagination";
import { loadSite } from "../../policies/site";
import { writeSite } from "../write-site";
import { MAX_SHARE_KEY_LENGTH, newShareKey, shareKeyContext, shareKeyHash } from "./keys";
import { presentShareLink } from "./present";
import type { CreateShareLinkInput, ListShareLinksParams, UpdateShareLinkInput } from "./schemas";
import { authorize } from "../../policies/authorize";

/**
 * Share links: named secret keys that let anyone holding one read a site whose visibility is
 * `share-link` (server/sites/published/reader.ts). Managing them is the site's admins' (they see
 * the keys). Events name the link, never its key.
 */

function futureDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw fieldError("expiresAt", "Must be in the future");
  return date;
}

async function loadAdminSite(tx: Db, ctx: ServiceContext, organizationId: string, siteId: string) {
  const access = await loadSite(tx, ctx.actor, organizationId, siteId);
  authorize(access, "site.admin");
  return access;
}

export async function listShareLinks(ctx: ServiceContext, organizationId: string, siteId: string, params: ListShareLinksParams) {
  const { site } = await loadAdminSite(db(), ctx, organizationId, siteId);
  const search = params.search || undefined;
  const where: Prisma.SiteShareLinkWhereInput = {
    siteId,
    ...(search
      ? { OR: [{ name: { contains: search, mode: "insensitive" } }, ...(search.length <= MAX_SHARE_KEY_LENGTH ? [{ keyHash: shareKeyHash(search) }] : [])] }
      : {}),
  };
  const page = await paginateModel(params, db().siteShareLink, where);
  return { ...page, items: await Promise.all(page.items.map((link) => presentShareLink(link, site, ctx.baseUrl))) };
}

/** Most share links one site keeps: enough for every audience, few enough to list at once. */
export const MAX_SHARE_LINKS_PER_SITE = 100;

/** Every share link of the site, newest last (at most MAX_SHARE_LINKS_PER_SITE): the admin UI's list. */
export async function allShareLinks(ctx: ServiceContext, organizationId: string, siteId: string) {
  return (await listShareLinks(ctx, organizationId, siteId, { limit: MAX_SHARE_LINKS_PER_SITE })).items;
}

export async function createShareLink(ctx: ServiceContext, organizationId: string, siteId: string, input: CreateShareLinkInput) {
  const expiresAt = futureDate(input.expiresAt);
  const id = newId();
  const key = newShareKey();
  const keyCiphertext = await sealSecret(key, shareKeyContext(id));
  return writeSite(ctx, siteId, async (tx, events) => {
    const { site } = await loadAdminSite(tx, ctx, organizationId, siteId);
    if ((await tx.siteShareLink.count({ where: { siteId } })) >= MAX_SHARE_LINKS_PER_SITE) {
      throw badRequest(`A site keeps at most ${MAX_SHARE_LINKS_PER_SITE} share links: delete the ones no longer used first.`);
    }
    const link = await tx.siteShareLink.create({
      data: { id, siteId, name: input.name, keyHash: shareKeyHash(key), keyCiphertext, expiresAt: expiresAt ?? null, createdById: ctx.actor.userId },
    });
    events.record({
      organizationId,
      action: "site_share_link.created",
      target: { type: "share-link", id, label: link.name },
      payload: { siteId, shareLinkId: id, expiresAt: link.expiresAt?.toISOString() ?? null },
    });
    return presentShareLink(link, site, ctx.baseUrl);
  });
}

async function loadLink(tx: Db, siteId: string, shareLinkId: string) {
  return tx.siteShareLink.findFirst({ where: { id: shareLinkId, siteId } });
}

export async function updateShareLink(ctx: ServiceContext, organizationId: string, siteId: string, shareLinkId: string, input: UpdateShareLinkInput) {
  const expiresAt = futureDate(input.expiresAt);
  return writeSite(ctx, siteId, async (tx, events) => {
    const { site } = await loadAdminSite(tx, ctx, organizationId, siteId);
    const link = await loadLink(tx, siteId, shareLinkId);
    if (!link) throw notFound(`No share link ${shareLinkId} on this site.`);
    const changes: Prisma.SiteShareLinkUpdateInput = {};
    if (input.name !== undefined && input.name !== link.name) changes.name = input.name;
    if (input.active !== undefined && input.active !== link.active) changes.active = input.active;
    if (expiresAt !== undefined && expiresAt?.getTime() !== link.expiresAt?.getTime()) changes.expiresAt = expiresAt;
    if (Object.keys(changes).length === 0) {
      events.nothingChanged();
      return presentShareLink(link, site, ctx.baseUrl);
    }
    const updated = await tx.siteShareLink.update({ where: { id: shareLinkId }, data: changes });
    events.record({
      organizationId,
      action: "site_share_link.updated",
      target: { type: "share-link", id: shareLinkId, label: updated.name },
      payload: {
        siteId,
        shareLinkId,
        changed: Object.keys(changes),
        active: updated.active,
        expiresAt: updated.expiresAt?.toISOString() ?? null,
      },
    });
    return presentShareLink(updated, site, ctx.baseUrl);
  });
}

/** Deletes a share link: its key stops working at once. Absent already: done (204 either way). */
export async function deleteShareLink(ctx: ServiceContext, organizationId: string, siteId: string, shareLinkId: string): Promise<void> {
  await writeSite(ctx, siteId, async (tx, events) => {
    await loadAdminSite(tx, ctx, organizationId, siteId);
    const link = await loadLink(tx, siteId, shareLinkId);
    if (!link) return events.nothingChanged();
    await tx.siteShareLink.delete({ where: { id: shareLinkId } });
    events.record({
      organizationId,
      action: "site_share_link.deleted",
      target: { type: "share-link", id: shareLinkId, label: link.name },
      payload: { siteId, shareLinkId },
    });
  });
}
