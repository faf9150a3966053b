import { randomBytes } from "node:crypto";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { notFound } from "../../errors";
import { newId } from "../../ids";
import { loadIntegration } from "../load";
import { hashIntegrationToken, INSTALLATION_TOKEN_PREFIX } from "./resolve";
import { authorize } from "../../policies/authorize";

/** How long an installation token works: an integration mints a new one when it runs out. */
export const INSTALLATION_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Mints a token with which the integration calls /v1 as one of its installations
 * (`APITemporaryToken`): only the integration itself, with its own token. The plain token is
 * answered once; its hash is stored, and it ends in an hour or when the installation does.
 */
export async function createIntegrationInstallationToken(ctx: ServiceContext, integrationName: string, installationId: string): Promise<{ token: string }> {
  const { integration, viewer } = await loadIntegration(db(), ctx.actor, integrationName);
  authorize(viewer, "integration.createInstallationTokens");
  const installation = await db().integrationInstallation.findFirst({ where: { id: installationId, integrationId: integration.id }, select: { id: true } });
  if (!installation) throw notFound(`No installation ${installationId} of ${integrationName}.`);
  const token = INSTALLATION_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  await db().integrationInstallationToken.create({
    data: { id: newId(), installationId: installation.id, tokenHash: hashIntegrationToken(token), expiresAt: new Date(Date.now() + INSTALLATION_TOKEN_TTL_MS) },
  });
  return { token };
}

/** Deletes the installation tokens that have expired (they no longer resolve already); answers how many. */
export async function purgeExpiredInstallationTokens(): Promise<number> {
  const { count } = await db().integrationInstallationToken.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return count;
}
