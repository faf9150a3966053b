import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { EventRecorder } from "../../events/record-event";
import { writeChange } from "../../events/write-change";
import { AppError } from "../../errors";
import { assertPublicDestination } from "../../net/destination-check";
import { loadIntegration, type IntegrationAccess } from "../load";
import { newIntegrationCredentials, type IntegrationCredentials } from "./credentials";
import type { DevelopmentModeInput } from "./schemas";
import { authorize } from "../../policies/authorize";

/** Loads the integration for a change only its admins may make (404 unseen, 403 seen but not theirs). */
async function loadForAdmin(tx: Db, ctx: ServiceContext, name: string): Promise<IntegrationAccess["integration"]> {
  const { integration, viewer } = await loadIntegration(tx, ctx.actor, name);
  authorize(viewer, "integration.admin");
  return integration;
}

function recordIn(events: EventRecorder, integration: { id: string; name: string; title: string; organizationId: string }, action: "integration.unpublished" | "integration.token_regenerated" | "integration.development_mode_changed", payload: Record<string, unknown> = {}) {
  events.record({
    organizationId: integration.organizationId,
    action,
    target: { type: "integration", id: integration.id, label: integration.title },
    payload: { integrationId: integration.id, integrationName: integration.name, ...payload },
  });
}

/**
 * Unpublishes an integration: it, its images and every installation of it (with their space and
 * site installations and tokens) go; each installing organization records the uninstall. Whether
 * there was one the caller could see (the reference's 205) or not (204: absent, or another
 * organization's private one, which is "already gone" to the caller).
 */
export async function unpublishIntegration(ctx: ServiceContext, name: string): Promise<{ removed: boolean }> {
  return writeChange(ctx, async (tx, events) => {
    let integration: IntegrationAccess["integration"];
    try {
      integration = await loadForAdmin(tx, ctx, name);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") {
        events.nothingChanged();
        return { removed: false };
      }
      throw error;
    }
    const installations = await tx.integrationInstallation.findMany({ where: { integrationId: integration.id }, select: { id: true, organizationId: true } });
    await tx.integration.delete({ where: { id: integration.id } });
    recordIn(events, integration, "integration.unpublished", { installations: installations.length });
    for (const installation of installations) {
      events.record({
        organizationId: installation.organizationId,
        action: "integration_installation.deleted",
        target: { type: "integration_installation", id: installation.id, label: integration.title },
        payload: { integrationId: integration.id, integrationName: integration.name, installationId: installation.id },
      });
    }
    return { removed: true };
  });
}

/**
 * Turns development mode on: events go to `tunnelUrl` instead of the endpoint, for the owner
 * organization's installations, or every organization's with `all`. The tunnel's address is
 * checked now and again when delivering (server/net/safe-fetch.ts), since what it resolves to can change.
 */
export async function setIntegrationDevelopmentMode(ctx: ServiceContext, name: string, input: DevelopmentModeInput): Promise<void> {
  await assertPublicDestination("tunnelUrl", input.tunnelUrl);
  await writeChange(ctx, async (tx, events) => {
    const integration = await loadForAdmin(tx, ctx, name);
    if (integration.devTunnelUrl === input.tunnelUrl && integration.devAll === input.all) {
      events.nothingChanged();
      return;
    }
    await tx.integration.update({ where: { id: integration.id }, data: { devTunnelUrl: input.tunnelUrl, devAll: input.all, updatedAt: new Date() } });
    // The tunnel's URL stays out of the record, as it stays out of every answer but the developer settings.
    recordIn(events, integration, "integration.development_mode_changed", { enabled: true, all: input.all });
  });
}

/** Turns development mode off: events go to the endpoint again. Already off: nothing changes. */
export async function disableIntegrationDevelopmentMode(ctx: ServiceContext, name: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const integration = await loadForAdmin(tx, ctx, name);
    if (integration.devTunnelUrl === null) {
      events.nothingChanged();
      return;
    }
    await tx.integration.update({ where: { id: integration.id }, data: { devTunnelUrl: null, devAll: false, updatedAt: new Date() } });
    recordIn(events, integration, "integration.development_mode_changed", { enabled: false, all: false });
  });
}

/**
 * Replaces the integration's token and signing secret, shown this once: the old token stops
 * working at once (only the new hash is kept), and deliveries are signed with the new secret.
 */
export async function regenerateIntegrationToken(ctx: ServiceContext, name: string): Promise<IntegrationCredentials> {
  return writeChange(ctx, async (tx, events) => {
    const integration = await loadForAdmin(tx, ctx, name);
    const credentials = await newIntegrationCredentials(integration.id);
    await tx.integration.update({ where: { id: integration.id }, data: { ...credentials.stored, updatedAt: new Date() } });
    recordIn(events, integration, "integration.token_regenerated");
    return credentials.shown;
  });
}
