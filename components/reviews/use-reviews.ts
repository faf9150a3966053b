"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useCallback } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import type { AppRouter } from "@/server/trpc/root";
import type { ReviewChoice } from "./review-dialog";

type Outputs = inferRouterOutputs<AppRouter>;
export type Review = Outputs["reviews"]["list"][number];
export type RequestedReviewer = Outputs["reviews"]["requested"][number];
export type MergeStatus = Outputs["reviews"]["mergeStatus"];

/** What the caller may do in the reviews section. */
export type ReviewAbilities = { choices: ReviewChoice[]; requestReviewers: boolean };

/** The change request the review calls are about: its space and its id. */
export type ReviewTarget = { spaceId: string; changeRequest: string };

/** The merge rules' status of a change request, as the server computes it (the Merge button and the summary share it). */
export function useMergeStatus(target: ReviewTarget) {
  const trpc = useTRPC();
  return useQuery(trpc.reviews.mergeStatus.queryOptions(target));
}

/** Refetches what a review or a review request changes: the reviews, the requests and the merge status. */
export function useRefreshReviews() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.reviews.pathKey() }), [queryClient, trpc]);
}

type ChangeRequestLike = { permissions: { review: boolean; requestReviewers: boolean; comment: boolean } };

/**
 * What the caller may do in the reviews section, as the change request's permissions say: a verdict
 * (the server refuses one on the author's own change request), a comment, asking for reviewers.
 */
export function reviewAbilities({ permissions }: ChangeRequestLike): ReviewAbilities {
  return {
    choices: [...(permissions.review ? (["approved", "changes-requested"] as const) : []), ...(permissions.comment ? (["comment"] as const) : [])],
    requestReviewers: permissions.requestReviewers,
  };
}
