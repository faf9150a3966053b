import type { Actor } from "../../auth/actor";
import type { Db } from "../../db/client";
import type { IntegrationInstallation } from "../../db/generated/client";
import { AppError, notFound } from "../../errors";
import { isLive, loadOrganization, type OrgAccess } from "../../policies/access";
import { authorize, permits } from "../../policies/authorize";
import { parseRole } from "../../policies/roles";
import { assertSsoSatisfied } from "../../policies/sso";
import { loadIntegration, type IntegrationAccess } from "../load";

/**
 * Who may do what with an installation. Written once here; every installation service asks it.
 *
 * - The installing organization's admins (its `installIntegration` permission) do everything:
 *   read it, configure it, choose the spaces and sites it reaches, uninstall it.
 * - The integration itself (its own token) reads every installation of it and configures them
 *   (`configuration`, `externalIds`): that is how an integration keeps its state. An installation
 *   token does the same for its own installation alone. Neither widens what the installation
 *   reaches (`space_selection`, `site_selection`) nor uninstalls it: that is the organization's call.
 * - The integration's administrators (its owner organization's admins) read its installations
 *   everywhere, as the integration does, and change none outside their organization.
 * - Anyone else: a member of the installing organization below admin is refused (403); others do
 *   not find it (404), as an installation that does not exist.
 */
export type InstallationPermissions = { read: boolean; configure: boolean; select: boolean; uninstall: boolean };

export type InstallationAccess = IntegrationAccess & {
  installation: IntegrationInstallation;
  permissions: IntegrationAccess["permissions"];
  may: InstallationPermissions;
  /** The caller's membership of the installing organization (null: not a member, or an integration). */
  org: OrgAccess | null;
};

const NONE: InstallationPermissions = { read: false, configure: false, select: false, uninstall: false };

/** Whether the caller is the integration itself or an installation token of it (for `installationId`, when given). */
export function isIntegrationCaller(actor: Actor, integrationId: string, installationId?: string): boolean {
  if (actor.integration?.id !== integrationId) return false;
  if (actor.via === "integration") return true;
  return actor.via === "installation" && (installationId === undefined || actor.integration.installationId === installationId);
}

export async function loadInstallation(tx: Db, actor: Actor, integrationName: string, installationId: string): Promise<InstallationAccess> {
  const access = await loadIntegration(tx, actor, integrationName);
  const installation = await tx.integrationInstallation.findFirst({ where: { id: installationId, integrationId: access.integration.id } });
  if (!installation) throw notFound(`No installation ${installationId} of ${integrationName}.`);
  if (actor.integration) {
    if (!isIntegrationCaller(actor, access.integration.id, installation.id)) throw notFound(`No installation ${installationId} of ${integrationName}.`);
    return { ...access, installation, org: null, may: { read: true, configure: true, select: false, uninstall: false } };
  }
  const member = await tx.member.findUnique({ where: { organizationId_userId: { organizationId: installation.organizationId, userId: actor.userId } }, include: { organization: true } });
  const org: OrgAccess | null = member && isLive(member.organization) ? { organization: member.organization, memberRole: parseRole(member.role), userId: actor.userId } : null;
  if (org && permits(org, "organization.installIntegration")) {
    assertSsoSatisfied(actor, org.organization, org.memberRole);
    return { ...access, installation, org, may: { read: true, configure: true, select: true, uninstall: true } };
  }
  if (access.permissions.admin) return { ...access, installation, org, may: { ...NONE, read: true } };
  if (org) {
    assertSsoSatisfied(actor, org.organization, org.memberRole);
    authorize(org, "organization.manageInstallations");
  }
  throw notFound(`No installation ${installationId} of ${integrationName}.`);
}

/** The organization an integration is installed into, for a caller who installs (its admins). */
export async function loadInstallingOrganization(tx: Db, actor: Actor, organizationId: string): Promise<OrgAccess> {
  const org = await loadOrganization(tx, actor, organizationId);
  authorize(org, "organization.installIntegration");
  return org;
}

/**
 * Which installations of an integration a caller's lists show: every one for the integration and
 * its administrators, its own for an installation token, else those of the organizations the
 * caller administers. Another integration (or its installation) does not find it (404).
 */
export function visibleInstallationsWhere(actor: Actor, access: IntegrationAccess) {
  const integrationId = access.integration.id;
  if (actor.integration) {
    // Another integration's installations are none of its business: as if there were no such integration.
    if (!isIntegrationCaller(actor, integrationId)) throw notFound(`No integration ${access.integration.name}.`);
    return actor.via === "installation" ? { integrationId, id: actor.integration.installationId ?? "" } : { integrationId };
  }
  if (access.permissions.admin) return { integrationId };
  return { integrationId, organization: { members: { some: { userId: actor.userId, role: "admin" } } } };
}

/** What a load finds, or null where it finds nothing (deletes: an absent or invisible target is done). */
export async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
