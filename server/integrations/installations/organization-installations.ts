import { isDeepStrictEqual } from "node:util";
import type { ServiceContext } from "../../context";
import { db, type Db } from "../../db/client";
import { Prisma, type Integration, type IntegrationInstallation } from "../../db/generated/client";
import { fieldError } from "../../errors";
import { writeChange } from "../../events/write-change";
import { newId } from "../../ids";
import { paginateModel, type ListResult } from "../../pagination";
import { presentInstallation, type IntegrationInstallationObject } from "../../presenters/integration-installation";
import { builtinConfigurationToStore, checkBuiltinConfiguration, keepStoredSecret } from "../builtin/configuration";
import { notifySitesOfScriptInstallation } from "../builtin/site-scripts";
import { configurationSchemaOf, validateConfiguration } from "../configuration";
import { loadIntegration } from "../load";
import { loadInstallation, loadInstallingOrganization, orNotFound, visibleInstallationsWhere } from "./access";
import { lockInstallation, reachedSpaceCounts, recordInstallationChange, statusFor } from "./records";
import type { InstallIntegrationInput, ListInstallationsParams, UpdateInstallationInput } from "./schemas";
import { authorize } from "../../policies/authorize";

/**
 * An integration installed on an organization (the reference's IntegrationInstallation): installed
 * and uninstalled by the organization's admins, configured by them or by the integration
 * (server/integrations/installations/access.ts). Its configuration is checked against the
 * integration's `configurations.account` schema; its status follows it (records.ts).
 */

async function present(tx: Db, installation: IntegrationInstallation, integration: Pick<Integration, "name">, baseUrl: string): Promise<IntegrationInstallationObject> {
  const counts = await reachedSpaceCounts(tx, [installation.id]);
  return presentInstallation(installation, integration.name, counts.get(installation.id) ?? 0, baseUrl);
}

/** Refuses a selection of every space (or site) for an integration whose target excludes them. */
function checkSelection(integration: Pick<Integration, "target">, input: Pick<UpdateInstallationInput, "space_selection" | "site_selection">): void {
  if (input.space_selection === "all" && !["all", "space"].includes(integration.target)) badSelection("space_selection", "spaces");
  if (input.site_selection === "all" && !["all", "site"].includes(integration.target)) badSelection("site_selection", "sites");
}
function badSelection(field: string, what: string): never {
  throw fieldError(field, `This integration cannot be installed on ${what}.`);
}

/**
 * installIntegration: installs an integration the caller can see on an organization they administer
 * (a private integration only on its own organization: others do not find it). Installing it again
 * answers the installation as it is: change it with updateIntegrationInstallation.
 */
export async function installIntegration(ctx: ServiceContext, integrationName: string, input: InstallIntegrationInput): Promise<IntegrationInstallationObject> {
  await checkBuiltinConfiguration(integrationName, input.configuration);
  return writeChange(ctx, async (tx, events) => {
    const { integration } = await loadIntegration(tx, ctx.actor, integrationName);
    await loadInstallingOrganization(tx, ctx.actor, input.organization);
    checkSelection(integration, input);
    const incoming = keepStoredSecret(integration.name, input.configuration ?? {}, null);
    const { configuration: checked, missing } = validateConfiguration(configurationSchemaOf(integration.configurations, "account"), incoming);
    const configuration = await builtinConfigurationToStore(integration.name, checked, incoming);
    const status = statusFor(missing);
    const id = newId();
    // A concurrent install of the same integration finds the other's row rather than failing.
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO integration_installations (id, integration_id, organization_id, status, space_selection, site_selection, configuration, created_by_id)
      VALUES (${id}, ${integration.id}, ${input.organization}, ${status}, ${input.space_selection ?? "selected"}, ${input.site_selection ?? "selected"},
              ${JSON.stringify(configuration)}::jsonb, ${ctx.actor.userId})
      ON CONFLICT (integration_id, organization_id) DO NOTHING RETURNING id`;
    const installation = await tx.integrationInstallation.findUniqueOrThrow({ where: { integrationId_organizationId: { integrationId: integration.id, organizationId: input.organization } } });
    if (inserted.length === 0) events.nothingChanged();
    else recordInstallationChange(events, { integration, installation }, { kind: "installation" }, { change: "created", status });
    return present(tx, installation, integration, ctx.baseUrl);
  });
}

export async function getIntegrationInstallation(ctx: ServiceContext, integrationName: string, installationId: string): Promise<IntegrationInstallationObject> {
  const { installation, integration } = await loadInstallation(db(), ctx.actor, integrationName, installationId);
  return present(db(), installation, integration, ctx.baseUrl);
}

/**
 * updateIntegrationInstallation: `configuration` replaces the installation's (checked, defaults
 * applied, status following it), `externalIds` the integration's ids for it; the selections are
 * the organization admins' alone.
 */
export async function updateIntegrationInstallation(ctx: ServiceContext, integrationName: string, installationId: string, input: UpdateInstallationInput): Promise<IntegrationInstallationObject> {
  await checkBuiltinConfiguration(integrationName, input.configuration);
  return writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await loadInstallation(tx, ctx.actor, integrationName, installationId);
    const { installation, integration } = access;
    if (input.configuration !== undefined || input.externalIds !== undefined) authorize(access, "installation.configure");
    if (input.space_selection !== undefined || input.site_selection !== undefined) authorize(access, "installation.select");
    checkSelection(integration, input);
    const data: Prisma.IntegrationInstallationUpdateInput = {};
    if (input.configuration !== undefined) {
      const { configuration: checked, missing } = validateConfiguration(
        configurationSchemaOf(integration.configurations, "account"),
        keepStoredSecret(integration.name, input.configuration, installation.configuration),
      );
      const configuration = await builtinConfigurationToStore(integration.name, checked, input.configuration);
      if (!isDeepStrictEqual(configuration, installation.configuration)) data.configuration = configuration as Prisma.InputJsonObject;
      if (statusFor(missing) !== installation.status) data.status = statusFor(missing);
    }
    if (input.externalIds !== undefined && !isDeepStrictEqual(input.externalIds, installation.externalIds)) data.externalIds = input.externalIds;
    if (input.space_selection !== undefined && input.space_selection !== installation.spaceSelection) data.spaceSelection = input.space_selection;
    if (input.site_selection !== undefined && input.site_selection !== installation.siteSelection) data.siteSelection = input.site_selection;
    if (Object.keys(data).length === 0) {
      events.nothingChanged();
      return present(tx, installation, integration, ctx.baseUrl);
    }
    if (data.status !== undefined) await notifySitesOfScriptInstallation(tx, integration.name, installation.id);
    const updated = await tx.integrationInstallation.update({ where: { id: installation.id }, data: { ...data, updatedAt: new Date() } });
    recordInstallationChange(events, { integration, installation }, { kind: "installation" }, {
      change: "updated",
      status: updated.status,
      previous: { status: installation.status, configuration: installation.configuration },
    });
    return present(tx, updated, integration, ctx.baseUrl);
  });
}

/**
 * uninstallIntegration: removes the installation with its space and site installations and its
 * tokens (the database cascades them). One `integration_installation.deleted` records it: the
 * space and site installations go with it, as the reference's `installation_deleted` says.
 * Absent, or invisible to the caller (as absent: the answer tells nothing about it): done, 204.
 */
export async function uninstallIntegration(ctx: ServiceContext, integrationName: string, installationId: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    await lockInstallation(tx, installationId);
    const access = await orNotFound(loadInstallation(tx, ctx.actor, integrationName, installationId));
    if (!access) return events.nothingChanged();
    authorize(access, "installation.uninstall");
    await notifySitesOfScriptInstallation(tx, access.integration.name, installationId);
    await tx.integrationInstallation.delete({ where: { id: installationId } });
    recordInstallationChange(events, access, { kind: "installation" }, { change: "deleted" });
  });
}

/**
 * listIntegrationInstallations: the installations of an integration the caller may see (access.ts
 * visibleInstallationsWhere), oldest first, filtered by one of their external ids.
 */
export async function listIntegrationInstallations(ctx: ServiceContext, integrationName: string, params: ListInstallationsParams): Promise<ListResult<IntegrationInstallationObject>> {
  const access = await loadIntegration(db(), ctx.actor, integrationName);
  const where: Prisma.IntegrationInstallationWhereInput = {
    AND: [visibleInstallationsWhere(ctx.actor, access), ...(params.externalId !== undefined ? [{ externalIds: { has: params.externalId } }] : [])],
  };
  const page = await paginateModel(params, db().integrationInstallation, where);
  const counts = await reachedSpaceCounts(db(), page.items.map((installation) => installation.id));
  return { ...page, items: page.items.map((installation) => presentInstallation(installation, access.integration.name, counts.get(installation.id) ?? 0, ctx.baseUrl)) };
}
