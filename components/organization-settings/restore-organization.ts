"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";

/**
 * The deleted organizations the user may still restore (those they administer, for 7 days), and
 * restoring one: then it opens, everything reloaded, as it was.
 */
export function useRestorableOrganizations() {
  const trpc = useTRPC();
  const deleted = useQuery(trpc.organizations.deleted.queryOptions());
  const restore = useMutation(trpc.organizations.restore.mutationOptions({ onSuccess: (organization) => window.location.assign(`/o/${organization.id}`) }));
  return { items: deleted.data ?? [], restore };
}

export const daysLeftLabel = (days: number) => (days <= 1 ? "restorable for less than a day" : `restorable for ${days} days`);
