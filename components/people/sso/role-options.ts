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

/** A service-layer message names its field first (`certificate: …`): which field, and the rest. */
export function fieldOfMessage(message: string, fields: readonly string[]): { field: string | null; text: string } {
  const match = message.match(/^(\w+): (.*)$/s);
  return match && fields.includes(match[1]!) ? { field: match[1]!, text: match[2]! } : { field: null, text: message };
}
