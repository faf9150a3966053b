"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { changeRequestsHref } from "@/components/content/space-frame";
import { isNotFound } from "@/components/space/query-errors";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";

/**
 * What a screen of one change request shows when loading it failed: "doesn't exist" for an
 * unknown number (or one that is not a number, `/change-requests/abc`), else the error and a retry.
 */
export function ChangeRequestLoadError({ error, number, space, onRetry }: { error: unknown; number: string; space: SpaceObject; onRetry: () => void }) {
  const missing = isNotFound(error) || (error as { data?: { code?: string } }).data?.code === "BAD_REQUEST";
  return missing ? (
    <EmptyState
      title="This change request doesn't exist"
      description={`There is no change request #${number} in ${space.title}.`}
      action={
        <IntentLink href={changeRequestsHref(space.organization, space.id)} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          All change requests
        </IntentLink>
      }
    />
  ) : (
    <ErrorState message={errorMessage(error)} onRetry={onRetry} />
  );
}
