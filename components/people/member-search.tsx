"use client";

import { useTRPC } from "@/components/providers/trpc-provider";
import { PersonSearch } from "@/components/ui/person-search";

export type MemberCandidate = { id: string; displayName: string; email: string; role: string | null };

/** Finds members of the organization by name or email and offers each as a button. */
export function MemberSearch({
  organizationId,
  ...props
}: {
  organizationId: string;
  label: string;
  /** The verb on each result, e.g. "Add". */
  actionLabel: string;
  exclude?: string[];
  onPick: (member: MemberCandidate) => void;
  disabled?: boolean;
}) {
  const trpc = useTRPC();
  return <PersonSearch noun="members" queryOf={(search) => trpc.teams.memberCandidates.queryOptions({ organizationId, search })} {...props} />;
}
