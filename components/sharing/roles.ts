import type { Role } from "@/server/policies/roles";

/** Roles as people read them, from least to most (the order of ROLES), with what each allows. */
export const ROLE_OPTIONS: { value: Role; label: string; description: string }[] = [
  { value: "read", label: "Read", description: "Read the content" },
  { value: "comment", label: "Comment", description: "Read and join discussions" },
  { value: "edit", label: "Edit", description: "Edit the content and change requests" },
  { value: "review", label: "Review", description: "Edit, review and merge change requests" },
  { value: "create", label: "Create", description: "Edit and create content" },
  { value: "admin", label: "Admin", description: "Everything, including settings and sharing" },
];

export function roleLabel(role: Role | null | undefined): string {
  if (!role) return "No access";
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;
}
