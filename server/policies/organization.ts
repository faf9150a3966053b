import type { Db } from "../db/client";
import { AppError, conflict, fieldError } from "../errors";
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
 * rules with `authorize`); `memberPermissions` does the same for one member, with the last-admin rule:
 * an organization always keeps an admin, so its last one can be neither demoted nor removed.
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

/**
 * What the caller may do to one member, given how many admins the organization has. `changeRole`:
 * give any role; `demote`: give a role below admin (not to the last admin); `remove`: admins remove
 * anyone, members themselves (leaving), the last admin nobody. On another member's account, admins
 * `endSessions` (signing them out everywhere) and `resetPassword` — only of an account that belongs
 * to this organization alone (`elsewhere`: it is a member of another one, deleted ones included): a
 * reset hands its maker the account, and one organization's admins must not take over a member of
 * another. Oneself, the profile does both.
 */
export function memberPermissions(viewer: Viewer, member: { userId: string; role: Role | null; elsewhere: boolean }, admins: number) {
  const admin = peoplePermissions(viewer).manageMembers;
  const lastAdmin = member.role === "admin" && admins <= 1;
  const other = viewer.userId !== member.userId;
  return {
    changeRole: admin,
    demote: admin && !lastAdmin,
    remove: (admin || !other) && !lastAdmin,
    endSessions: admin && other,
    resetPassword: admin && other && !member.elsewhere,
  };
}

export type MemberAction = "endSessions" | "resetPassword";

const memberActionRefusals: Record<MemberAction, (member: { userId: string }, viewer: Viewer) => string> = {
  endSessions: (member, viewer) => (member.userId === viewer.userId ? "To sign yourself out everywhere, change your password on your profile" : "Only organization admins can end a member's sessions."),
  resetPassword: (member, viewer) =>
    member.userId === viewer.userId
      ? "Change your own password on your profile"
      : peoplePermissions(viewer).manageMembers
        ? "Quire resets the password only of an account that belongs to this organization alone; this member also belongs to another organization, so only they can change it (on their profile)."
        : "Only organization admins can reset a member's password.",
};

/** Throws unless the caller may do `action` to the member: 400 on oneself, 403 otherwise (with `details.reason`). */
export function authorizeMemberAction(action: MemberAction, viewer: Viewer, member: { userId: string; role: Role | null; elsewhere: boolean }, admins: number): void {
  if (memberPermissions(viewer, member, admins)[action]) return;
  const message = memberActionRefusals[action](member, viewer);
  if (member.userId === viewer.userId) throw fieldError("userId", message);
  throw new AppError("forbidden", message, peoplePermissions(viewer).manageMembers ? { reason: "member_elsewhere" } : undefined);
}

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
