import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { authorize, permits } from "@/server/policies/authorize";
import { changeRequestPermissions } from "@/server/policies/change-request";
import { commentPermissions } from "@/server/policies/comment";
import { spacePermissions } from "@/server/policies/content";
import { memberPermissions, organizationPermissions } from "@/server/policies/organization";
import { PERMISSION_TABLE, type Action, type Rule } from "@/server/policies/permission-table";
import { ROLES, type Role } from "@/server/policies/roles";

/**
 * The permission table (server/policies/permission-table.ts) and `authorize` over it: every action
 * refuses in words for people and with its rule as data; a rule of a least role allows exactly the
 * roles from it up; the few rules that read more than a role read what they say.
 */

const LEVELS = [null, ...ROLES] as const;
const entries = Object.entries(PERMISSION_TABLE).flatMap(([kind, rules]) => Object.entries(rules as Record<string, Rule<never>>).map(([name, rule]) => ({ action: `${kind}.${name}`, kind, rule })));
const live = { editMode: "live", deletedAt: null };
const refusalOf = (run: () => void): AppError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("Expected a refusal.");
};

describe("the table", () => {
  it("gives every action a refusal written for people, and a least role unless a predicate decides it", () => {
    expect(entries.length).toBeGreaterThan(80);
    for (const { action, rule } of entries) {
      if (typeof rule.refusal === "string") expect(rule.refusal, action).toMatch(/^[A-Z“].{15,}[.]$/);
      if (!rule.allows) expect(["guest", ...ROLES], action).toContain(rule.least);
    }
  });

  it("allows a role-only action exactly from its least role up, and refuses below with its rule as data", () => {
    const roleOnly = entries.filter(({ kind, rule }) => ["organization", "collection", "site", "conversation"].includes(kind) && !rule.allows && !rule.blockedWhen && !rule.also);
    expect(roleOnly.length).toBeGreaterThan(40);
    for (const { action, kind, rule } of roleOnly) {
      for (const role of LEVELS) {
        const caller = kind === "organization" ? { memberRole: role } : { role };
        const least = rule.least === "guest" ? -1 : ROLES.indexOf(rule.least as Role);
        const expected = role === null ? least === -1 : ROLES.indexOf(role) >= least;
        const check = () => authorize(caller as never, action as Action);
        if (expected) {
          expect(check, `${action} as ${role}`).not.toThrow();
          continue;
        }
        const refusal = refusalOf(check);
        expect(refusal.code).toBe("forbidden");
        expect(refusal.message).toBe(rule.refusal);
        expect(refusal.details).toEqual({ action, required: rule.least });
      }
    }
  });
});

describe("rules that read more than a role", () => {
  it("refuses content changes on a locked space whatever the role, with the lock's words", () => {
    const locked = { editMode: "locked", deletedAt: null };
    expect(permits({ role: "edit" }, "space.edit", live)).toBe(true);
    expect(permits({ role: "comment" }, "space.edit", live)).toBe(false);
    for (const role of ["read", "admin"] as const) {
      const refusal = refusalOf(() => authorize({ role }, "space.applyTemplate", locked));
      expect(refusal.message).toBe("The space is locked: its content cannot be changed.");
      expect(refusal.details).toEqual({ action: "space.applyTemplate", required: "edit" });
    }
    // Comments and reviews are no content change: the lock does not stop them.
    expect(spacePermissions("review", locked)).toMatchObject({ edit: false, merge: false, comment: true, review: true, admin: false });
  });

  it("lets authors edit their comment while they may comment, and admins delete anyone's", () => {
    const comment = { authorId: "u1" };
    expect(commentPermissions({ role: "comment", userId: "u1" }, comment)).toEqual({ view: true, edit: true, reply: true, resolve: true, delete: true });
    expect(commentPermissions({ role: "read", userId: "u1" }, comment)).toEqual({ view: true, edit: false, reply: false, resolve: false, delete: false });
    expect(commentPermissions({ role: "review", userId: "u2" }, comment)).toMatchObject({ edit: false, delete: false });
    expect(commentPermissions({ role: "admin", userId: "u2" }, comment)).toMatchObject({ edit: false, delete: true });
    expect(refusalOf(() => authorize({ role: "admin", userId: "u2" }, "comment.edit", comment)).details).toEqual({ action: "comment.edit", required: "author" });
  });

  it("keeps a change request's author from reviewing it, and its status moves to the table's", () => {
    const open = { status: "open", createdById: "author", number: 3 };
    expect(changeRequestPermissions("review", live, open, "author").review).toBe(false);
    expect(changeRequestPermissions("review", live, open, "other").review).toBe(true);
    expect(refusalOf(() => authorize({ role: "admin", userId: "author" }, "changeRequest.review", { space: live, changeRequest: open })).message).toMatch(/someone else/);
    const merged = { ...open, status: "merged" };
    expect(changeRequestPermissions("admin", live, merged)).toMatchObject({ view: true, edit: false, editContent: false, merge: false, comment: true });
    // The role first (403), then what the change request takes (400).
    expect(refusalOf(() => authorize({ role: "read" }, "changeRequest.edit", { space: live, changeRequest: merged })).code).toBe("forbidden");
    const move = refusalOf(() => authorize({ role: "edit" }, "changeRequest.edit", { space: live, changeRequest: { ...open, status: "archived" }, to: "open" }));
    expect(move.code).toBe("bad_request");
    expect(move.details).toMatchObject({ from: "archived", to: "open", allowed: ["draft"] });
  });

  it("keeps the last admin, and answers actions on one's own account with a 400 and on another organization's member with its reason", () => {
    const admin = { memberRole: "admin" as const, userId: "a1" };
    const lastAdmin = { userId: "a1", role: "admin" as const, elsewhere: false };
    expect(memberPermissions(admin, lastAdmin, 1)).toEqual({ changeRole: true, demote: false, remove: false, endSessions: false, resetPassword: false });
    expect(memberPermissions(admin, lastAdmin, 2)).toMatchObject({ demote: true, remove: true });
    expect(memberPermissions({ memberRole: "edit", userId: "m1" }, { userId: "m1", role: "edit", elsewhere: false }, 1)).toEqual({ changeRole: false, demote: false, remove: true, endSessions: false, resetPassword: false });
    const own = refusalOf(() => authorize(admin, "member.endSessions", { member: lastAdmin, admins: 2 }));
    expect(own.code).toBe("bad_request");
    expect(own.details?.fields).toEqual({ userId: "To sign yourself out everywhere, change your password on your profile" });
    const elsewhere = refusalOf(() => authorize(admin, "member.resetPassword", { member: { userId: "m2", role: "read", elsewhere: true }, admins: 1 }));
    expect(elsewhere.code).toBe("forbidden");
    expect(elsewhere.details).toEqual({ action: "member.resetPassword", required: "admin", reason: "member_elsewhere" });
  });

  it("presents the organization's permissions in the reference's keys and order", () => {
    expect(Object.keys(organizationPermissions(null))).toEqual(["view", "access", "admin", "ownTeam", "createContent", "createOpenAPISpec", "viewBilling", "listMembers", "listTeams", "listIntegrations", "listInstallations", "installIntegration"]);
    expect(organizationPermissions(null)).toMatchObject({ view: true, access: true, admin: false, listMembers: false });
    expect(organizationPermissions("create")).toMatchObject({ createContent: true, admin: false, listMembers: true });
  });
});
