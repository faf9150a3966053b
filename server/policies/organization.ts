import type { Db } from "../db/client";
import { conflict, fieldError } from "../errors";
import type { OrgAccess } from "./access";
import { permissionsOn } from "./authorize";
import type { Role } from "./roles";

/**
 * What a member's role allows in their organization: the organization's `permissions` in API
 * answers, a view of the permission table's `organization` rules (server/policies/permission-table.ts),
 * which its services check with `authorize`, so the two cannot disagree.
 */
export function organizationPermissions(memberRole: Role | null) {
  const may = permissionsOn("organization", { memberRole });
  return {
    view: may("view"),
    access: may("access"),
    admin: may("admin"),
    // Quire has no organization-owned teams of the caller's (the reference's field).
    ownTeam: false,
    createContent: may("createContent"),
    createOpenAPISpec: may("createOpenAPISpec"),
    viewBilling: may("viewBilling"),
    listMembers: may("listMembers"),
    listTeams: may("listTeams"),
    listIntegrations: may("listIntegrations"),
    listInstallations: may("listInstallations"),
    installIntegration: may("installIntegration"),
  };
}

/**
 * What a caller may do with an organization's people — its members, invites and email domains —
 * from their own role in it. `peoplePermissions` is what the UI is shown (the services check the same
 * rules with `authorize`); `memberPermissions` does the same for one member, with the last-admin rule
 * (server/policies/permission-table.ts, `member`).
 */

type Viewer = Pick<OrgAccess, "memberRole" | "userId">;

export function peoplePermissions(viewer: Viewer) {
  const may = permissionsOn("organization", viewer);
  return {
    /** See the members and their roles (guests see only themselves). */
    listMembers: may("listMembers"),
    /** Change roles, remove members, let members sign in through single sign-on. */
    manageMembers: may("manageMembers"),
    /** Invite by email, and create, see and change invite links. */
    invite: may("invite"),
  };
}

/** Whether the caller may see `userId`'s membership: anyone who may list members, and everyone themself. */
export function canViewMember(viewer: Viewer, userId: string): boolean {
  return viewer.userId === userId || peoplePermissions(viewer).listMembers;
}

/**
 * Whether the caller may see which spaces a member reaches: admins, and the member themself.
 * A member's spaces can include spaces the caller cannot see, so other members may not.
 */
export function canViewMemberAccess(viewer: Viewer, userId: string): boolean {
  return viewer.userId === userId || peoplePermissions(viewer).manageMembers;
}

/** What the caller may do to one member, given how many admins the organization has: a view of the table's `member` rules. */
export function memberPermissions(viewer: Viewer, member: { userId: string; role: Role | null; elsewhere: boolean }, admins: number) {
  const may = permissionsOn("member", viewer, { member, admins });
  return { changeRole: may("changeRole"), demote: may("demote"), remove: may("remove"), endSessions: may("endSessions"), resetPassword: may("resetPassword") };
}

/** What a caller does to a member's account, authorized as `member.endSessions` or `member.resetPassword` (400 on oneself, 403 otherwise, with `details.reason`). */
export type MemberAction = "endSessions" | "resetPassword";

/**
 * Locks the organization's admins (their member rows) for the rest of the transaction and returns
 * their ids. Two admins demoting or removing each other at once then run one after the other, and the
 * second sees the first's change: an organization cannot lose its last admin to a race.
 */
export async function lockAdmins(tx: Db, organizationId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ user_id: string }[]>`
    SELECT user_id FROM members WHERE organization_id = ${organizationId} AND role = 'admin' FOR UPDATE`;
  return rows.map((row) => row.user_id);
}

/** Throws 409 when taking `userId`'s admin role away would leave the organization without one. */
export function assertKeepsAnAdmin(admins: string[], userId: string, action: "demote" | "remove"): void {
  if (admins.length === 1 && admins[0] === userId) {
    if (action === "demote") throw fieldError("role", "This member is the organization's last admin; make another member admin first.", { code: "conflict", details: { lastAdmin: userId } });
    throw conflict("This member is the organization's last admin and cannot be removed; make another member admin first.", { lastAdmin: userId });
  }
}
