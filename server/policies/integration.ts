import type { Actor } from "../auth/actor";
import { permissionsOn } from "./authorize";
import type { IntegrationViewer } from "./permission-table";
import type { Role } from "./roles";

/**
 * Who may do what with a published integration. Its owner organization's admins and the integration
 * itself (calling with its own token) administer it: publish new versions, unpublish it, switch
 * development mode, read its events and installations everywhere, mint installation tokens (the
 * integration only). Anyone may see a public or unlisted integration; a private one only its owner
 * organization's members and the integration itself. `integrationPermissions` is the integration's
 * `permissions` in API answers: a view of the permission table's `integration` rules
 * (server/policies/permission-table.ts), which its services check with `authorize`.
 */
export type { IntegrationViewer };

export function integrationViewer(actor: Actor, integration: { id: string }, owner: { member: boolean; role: Role | null }): IntegrationViewer {
  const isIntegration = actor.integration?.id === integration.id;
  return { ownerRole: owner.role, ownerMember: owner.member, isIntegration, isIntegrationItself: isIntegration && actor.via === "integration" };
}

export function integrationPermissions(viewer: IntegrationViewer, visibility: string) {
  const may = permissionsOn("integration", viewer, { visibility });
  return {
    view: may("view"),
    admin: may("admin"),
    /** Create tokens for its installations: the integration, with its own token, alone. */
    createInstallationTokens: may("createInstallationTokens"),
  };
}
