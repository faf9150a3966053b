import type { ServiceContext } from "../../context";
import { sealSecret } from "../../crypto/secret-box";
import { badRequest } from "../../errors";
import { newId } from "../../ids";
import { writeSite } from "../write-site";
import { newShareKey, shareKeyContext, shareKeyHash } from "./keys";
import { shareLinkRecord } from "./records";
import type { CreateShareLinkInput } from "./schemas";
import { MAX_SHARE_LINKS_PER_SITE, futureDate, loadAdminSite } from "./share-link-records";

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
    return shareLinkRecord(link, site);
  });
}
