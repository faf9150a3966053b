import type { Actor } from "../auth/actor";
import { forbidden } from "../errors";
import type { Role } from "./roles";

/**
 * Who may do what with a published integration. Its owner organization's admins and the integration
 * itself (calling with its own token) administer it: publish new versions, unpublish it, switch
 * development mode, read its events and installations everywhere, mint installation tokens (the
 * integration only). Anyone may see a public or unlisted integration; a private one only its owner
 * organization's members and the integration itself. This object is the integration's `permissions`
 * in API answers and the check its services make.
 */
export type IntegrationViewer = {
  /** The caller's role in the owner organization (null: not a member, or a guest). */
  ownerRole: Role | null;
  /** Whether the caller is a member (any role, guests included) of the owner organization. */
  ownerMember: boolean;
  /** Whether the caller is the integration itself or one of its installations. */
  isIntegration: boolean;
  /** Whether the caller is the integration itself, with its own token. */
  isIntegrationItself: boolean;
};

export function integrationViewer(actor: Actor, integration: { id: string }, owner: { member: boolean; role: Role | null }): IntegrationViewer {
  const isIntegration = actor.integration?.id === integration.id;
  return { ownerRole: owner.role, ownerMember: owner.member, isIntegration, isIntegrationItself: isIntegration && actor.via === "integration" };
}

export function integrationPermissions(viewer: IntegrationViewer, visibility: string) {
  const admin = viewer.isIntegrationItself || viewer.ownerRole === "admin";
  return {
    view: visibility !== "private" || viewer.ownerMember || viewer.isIntegration,
    admin,
    /** Create tokens for its installations: the integration, with its own token, alone. */
    createInstallationTokens: viewer.isIntegrationItself,
  };
}

export type IntegrationAction = "admin" | "createInstallationTokens";

const refusals: Record<IntegrationAction, string> = {
  admin: "Only the integration's owner organization's admins, or the integration itself, can do this.",
  createInstallationTokens: "Only the integration, authenticated with its own token, can create installation tokens.",
};

/** Throws 403 when the viewer may not do `action` (call only for integrations the viewer can see). */
export function authorizeIntegration(action: IntegrationAction, viewer: IntegrationViewer, visibility: string): void {
  if (!integrationPermissions(viewer, visibility)[action]) throw forbidden(refusals[action]);
}
