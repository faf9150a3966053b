import type { DefaultLevel } from "@/server/policies/roles";

/** Choices of the space and collection settings forms, with the one-line explanation each shows. */

export type Visibility = "public" | "unlisted" | "share-link" | "visitor-auth" | "in-collection" | "private";

export const VISIBILITIES: { value: Visibility; label: string; description: string }[] = [
  { value: "public", label: "Public", description: "Anyone can read it, and search engines index it." },
  { value: "unlisted", label: "Unlisted", description: "Anyone with the address can read it; search engines don't index it." },
  { value: "share-link", label: "Share link", description: "Only people with a secret link can read it." },
  { value: "visitor-auth", label: "Visitor authentication", description: "Readers sign in through your own authentication (a signed JWT)." },
  { value: "in-collection", label: "Same as collection", description: "Whoever can access the parent collection can read it." },
  { value: "private", label: "Private", description: "Only members with access to it can read it." },
];

export const EDIT_MODES: { value: "live" | "locked"; label: string; description: string }[] = [
  {
    value: "live",
    label: "Live",
    description: "Members with edit access change the content directly from Edit, or through change requests. Where merge rules require approvals, only through change requests.",
  },
  { value: "locked", label: "Locked", description: "All edits are blocked until an admin unlocks it." },
];

/** A <select> value for each default level; null ("No access") needs a string of its own. */
const NO_ACCESS = "none";

export const DEFAULT_LEVELS: { value: string; label: string }[] = [
  { value: "inherit", label: "Inherit from the parent" },
  { value: "admin", label: "Admin: manage settings, content and access" },
  { value: "create", label: "Create: add and edit content" },
  { value: "review", label: "Review: edit and approve change requests" },
  { value: "edit", label: "Edit: change the content" },
  { value: "comment", label: "Comment: read and discuss" },
  { value: "read", label: "Read: read only" },
  { value: NO_ACCESS, label: "No access" },
];

export const defaultLevelToOption = (level: string | null): string => level ?? NO_ACCESS;
export const optionToDefaultLevel = (option: string): DefaultLevel => (option === NO_ACCESS ? null : (option as DefaultLevel));

export const DEFAULT_LEVEL_HINT =
  "What organization members get by default, never more than their organization role. Inherit follows the parent collection, or the member's organization role at the top level.";
