import type { Db } from "../db/client";
import type { ChangeRequest, Organization, Space } from "../db/generated/client";
import { conflict } from "../errors";
import { latestReviews } from "./latest-reviews";
import { usersWithSpacePermission } from "../policies/space-roles";

/**
 * Merge rules: the one place that decides whether reviews let a change request merge. The merge
 * (server/change-requests/merge-change-request.ts) asks `assertMergeRules` inside its transaction,
 * and `reviews.mergeStatus` answers from `mergeStatusOf`, both through `decideMerge`, so the review
 * screen's disabled merge button and its reason are the server's.
 *
 * - A space follows the organization's rules unless it sets its own (a null column inherits).
 * - `requiredApprovals` approvals must count. An approval counts when it is its reviewer's latest
 *   review, the reviewer holds the review role on the space now, and — with `dismissStaleApprovals` —
 *   it was made at the change request's current revision (an edit after it makes it stale).
 * - While approvals are required (N > 0), a reviewer's latest review requesting changes blocks the
 *   merge, under the same conditions (a stale one, with `dismissStaleApprovals`, no longer blocks:
 *   the author answered it with an edit; without it, only the reviewer's next review lifts it).
 * - With N = 0, reviews inform but never block, unless `blockOnChangesRequested`: then a standing
 *   request for changes blocks whatever N is.
 * - With `requireResolvedThreads`, every open thread on the change request blocks: its comments,
 *   on its pages, blocks or itself, still unresolved. A review's own message is not such a thread:
 *   it says what the review says, and closes with the merge (server/reviews/close-review-threads.ts).
 * - Whatever the rules, the status lists what is outstanding (standing requests for changes, open
 *   threads), so that the review screen asks before a merge the rules let through.
 */

export type MergeRules = {
  requiredApprovals: number;
  dismissStaleApprovals: boolean;
  blockOnChangesRequested: boolean;
  requireResolvedThreads: boolean;
  /** The space sets no rule: all are the organization's. */
  inherited: boolean;
};

export const RULE_FIELDS = ["requiredApprovals", "dismissStaleApprovals", "blockOnChangesRequested", "requireResolvedThreads"] as const;

export type UnmetRule = { rule: "approvals" | "changes-requested" | "open-threads"; message: string };

/** What a merge would leave behind, rules or not: reviewers whose latest review requests changes, and open threads. */
export type Outstanding = { changesRequested: { id: string; displayName: string }[]; openThreads: number };

export type MergeStatus = { rules: MergeRules; approvals: number; mergeable: boolean; unmet: UnmetRule[]; outstanding: Outstanding };

/** A reviewer's latest review, with whether they may review the space now. */
export type CountedReview = { reviewerId: string; reviewerName: string; status: string; revisionId: string; canReview: boolean };

type RuleColumns = (typeof RULE_FIELDS)[number];
type RulesSource = { organization: Pick<Organization, RuleColumns>; space: Pick<Space, RuleColumns> };

export function mergeRulesOf({ organization, space }: RulesSource): MergeRules {
  return {
    requiredApprovals: space.requiredApprovals ?? organization.requiredApprovals,
    dismissStaleApprovals: space.dismissStaleApprovals ?? organization.dismissStaleApprovals,
    blockOnChangesRequested: space.blockOnChangesRequested ?? organization.blockOnChangesRequested,
    requireResolvedThreads: space.requireResolvedThreads ?? organization.requireResolvedThreads,
    inherited: RULE_FIELDS.every((field) => space[field] === null),
  };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** The decision itself, from the rules, each reviewer's latest review and the open threads. */
export function decideMerge(rules: MergeRules, changeRequest: Pick<ChangeRequest, "revisionId">, latest: CountedReview[], openThreads: number): MergeStatus {
  const standing = latest.filter((review) => review.canReview && (!rules.dismissStaleApprovals || review.revisionId === changeRequest.revisionId));
  const approvals = standing.filter((review) => review.status === "approved").length;
  const changesRequested = standing.filter((review) => review.status === "changes-requested");
  const unmet: UnmetRule[] = [];
  if ((rules.requiredApprovals > 0 || rules.blockOnChangesRequested) && changesRequested.length > 0) {
    const who = changesRequested.map((review) => review.reviewerName).join(", ");
    unmet.push({ rule: "changes-requested", message: `${who} requested changes: a new review from ${changesRequested.length === 1 ? "them" : "each of them"} is needed before merging.` });
  }
  if (approvals < rules.requiredApprovals) {
    unmet.push({ rule: "approvals", message: `Merging needs ${plural(rules.requiredApprovals, "approval")} from reviewers of this space; it has ${approvals}.` });
  }
  if (rules.requireResolvedThreads && openThreads > 0) {
    unmet.push({ rule: "open-threads", message: `Every thread must be resolved before merging; ${openThreads === 1 ? "1 is" : `${openThreads} are`} open.` });
  }
  return {
    rules,
    approvals,
    mergeable: unmet.length === 0,
    unmet,
    outstanding: { changesRequested: changesRequested.map((review) => ({ id: review.reviewerId, displayName: review.reviewerName })), openThreads },
  };
}

/** Open threads of a change request: its unresolved comments, review messages aside (they close with the merge). */
export async function openThreadCount(tx: Db, spaceId: string, changeRequestId: string): Promise<number> {
  return tx.comment.count({ where: { spaceId, changeRequestId, resolvedAt: null, reviewId: null } });
}

type Access = RulesSource & {
  space: RulesSource["space"] & Pick<Space, "id" | "organizationId" | "defaultLevel" | "parentId" | "editMode" | "deletedAt">;
  changeRequest: Pick<ChangeRequest, "id" | "revisionId">;
};

/** Where a change request stands with its space's merge rules now. */
export async function mergeStatusOf(tx: Db, access: Access): Promise<MergeStatus> {
  const rules = mergeRulesOf(access);
  const latest = await latestReviews(tx, access.changeRequest.id);
  const reviewers = new Set(await usersWithSpacePermission(tx, access.space, [...new Set(latest.map((review) => review.reviewerId))], "review"));
  const openThreads = await openThreadCount(tx, access.space.id, access.changeRequest.id);
  return decideMerge(
    rules,
    access.changeRequest,
    latest.map((review) => ({ ...review, canReview: reviewers.has(review.reviewerId) })),
    openThreads,
  );
}

/** The merge's gate: a 409 naming the first unmet rule, its numbers in `details`. */
export async function assertMergeRules(tx: Db, access: Access): Promise<void> {
  const status = await mergeStatusOf(tx, access);
  if (status.mergeable) return;
  const first = status.unmet[0]!;
  throw conflict(status.unmet.map((unmet) => unmet.message).join(" "), {
    rule: first.rule,
    required: status.rules.requiredApprovals,
    approvals: status.approvals,
    unmet: status.unmet,
    outstanding: status.outstanding,
  });
}
