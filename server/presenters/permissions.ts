import type { Space } from "../db/generated/client";
import { atLeast, type Role } from "../policies/roles";

/**
 * What a role allows on each kind of resource. These objects are both the `permissions` of
 * API responses and the checks the service layer makes, so the two cannot disagree.
 */

export function organizationPermissions(memberRole: Role | null) {
  const admin = memberRole === "admin";
  return {
    view: true,
    access: true,
    admin,
    ownTeam: false,
    createContent: atLeast(memberRole, "create"),
    createOpenAPISpec: atLeast(memberRole, "create"),
    viewBilling: admin,
    listMembers: memberRole !== null,
    listTeams: memberRole !== null,
    listIntegrations: memberRole !== null,
    listInstallations: admin,
    installIntegration: admin,
  };
}

export function collectionPermissions(role: Role | null) {
  return {
    view: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    create: atLeast(role, "create"),
  };
}

export function spacePermissions(role: Role | null, space: Pick<Space, "editMode" | "deletedAt">) {
  const writable = space.editMode === "live" && space.deletedAt === null;
  return {
    view: atLeast(role, "read"),
    access: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    edit: writable && atLeast(role, "edit"),
    triggerGitSync: writable && atLeast(role, "edit"),
    comment: atLeast(role, "comment"),
    merge: writable && atLeast(role, "review"),
    review: atLeast(role, "review"),
    installIntegration: atLeast(role, "admin"),
  };
}
