import { z } from "zod";

/** Roles from least to most powerful; the index is the rank. */
export const ROLES = ["read", "comment", "edit", "review", "create", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** What content grants members by default: a role, null (no default access) or the parent's level. */
export type DefaultLevel = Role | null | "inherit";

export const roleSchema = z.enum(["admin", "create", "review", "edit", "comment", "read"]);
export const roleOrGuestSchema = roleSchema.nullable();
export const defaultLevelSchema = z.union([roleSchema, z.literal("inherit")]).nullable();

const rank = (role: Role) => ROLES.indexOf(role);

export function atLeast(role: Role | null, minimum: Role): boolean {
  return role !== null && rank(role) >= rank(minimum);
}

export function lowerOf(a: Role, b: Role): Role {
  return rank(a) <= rank(b) ? a : b;
}

export function higherOf(a: Role | null, b: Role | null): Role | null {
  if (a === null) return b;
  if (b === null) return a;
  return rank(a) >= rank(b) ? a : b;
}

export function parseDefaultLevel(value: string | null): DefaultLevel {
  return value === null ? null : (value as DefaultLevel);
}

export function parseRole(value: string | null): Role | null {
  return value === null ? null : (value as Role);
}
