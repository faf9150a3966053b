import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { EventRecorder } from "../../events/record-event";
import { authorize } from "../../policies/authorize";
import { loadIntegration, type IntegrationAccess } from "../load";

/** What the registry's admin-only operations (unpublish, development mode, token regeneration) share. */

/** Loads the integration for a change only its admins may make (404 unseen, 403 seen but not theirs). */
export async function loadForAdmin(tx: Db, ctx: ServiceContext, name: string): Promise<IntegrationAccess["integration"]> {
  const { integration, viewer } = await loadIntegration(tx, ctx.actor, name);
  authorize(viewer, "integration.admin");
  return integration;
}

export function recordIn(events: EventRecorder, integration: { id: string; name: string; title: string; organizationId: string }, action: "integration.unpublished" | "integration.token_regenerated" | "integration.development_mode_changed", payload: Record<string, unknown> = {}) {
  events.record({
    organizationId: integration.organizationId,
    action,
    target: { type: "integration", id: integration.id, label: integration.title },
    payload: { integrationId: integration.id, integrationName: integration.name, ...payload },
  });
}
