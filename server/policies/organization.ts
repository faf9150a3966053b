import { atLeast, type Role } from "./roles";

/**
 * What a member's role allows in their organization. This object is both the organization's
 * `permissions` in API answers and the check its services make, so the two cannot disagree.
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
