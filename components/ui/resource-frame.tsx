"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { NotFoundMessage } from "./not-found-message";
import { ErrorState, LoadingState } from "./states";
import { errorMessage } from "./trpc-error";

/**
 * The page of one record (a site, an integration): its loading state, "not found" (what the
 * caller may not see included), a failure with a retry, or the record's header, tabs and page.
 */
export function ResourceFrame<T>({ query, noun, notFoundExplanation, children }: { query: UseQueryResult<T, { data?: { code?: string } | null }>; noun: string; notFoundExplanation: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingState label={`Loading the ${noun}…`} />;
  if (query.isError) {
    if (query.error.data?.code === "NOT_FOUND") return <NotFoundMessage insideMain className="grid min-h-[60vh] place-items-center p-6" explanation={notFoundExplanation} />;
    return (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8">
        <ErrorState message={`The ${noun} could not be loaded. ${errorMessage(query.error)}`} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-8 sm:py-8">{children(query.data)}</div>;
}
