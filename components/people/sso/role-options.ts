/** The roles a provider can give new members, most powerful first; "" stands for guests (null). */
export const ROLE_OPTIONS = [
  { value: "admin", label: "Admin" },
  { value: "create", label: "Create" },
  { value: "review", label: "Review" },
  { value: "edit", label: "Edit" },
  { value: "comment", label: "Comment" },
  { value: "read", label: "Read" },
  { value: "", label: "Guest (no default access)" },
];

export function roleLabel(role: string | null): string {
  return ROLE_OPTIONS.find((option) => option.value === (role ?? ""))?.label ?? role ?? "Guest";
}
