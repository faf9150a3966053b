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
 * - With N = 0, reviews inform but never block: merging is as it was before reviews.
 */

export type MergeRules = {
  requiredApprovals: number;
  dismissStaleApprovals: boolean;
  /** The space sets neither rule: both are the organization's. */
  inherited: boolean;
};

export type UnmetRule = { rule: "approvals" | "changes-requested"; message: string };

export type MergeStatus = { rules: MergeRules; approvals: number; mergeable: boolean; unmet: UnmetRule[] };

/** A reviewer's latest review, with whether they may review the space now. */
export type CountedReview = { reviewerId: string; reviewerName: string; status: string; revisionId: string; canReview: boolean };

type RulesSource = { organization: Pick<Organization, "requiredApprovals" | "dismissStaleApprovals">; space: Pick<Space, "requiredApprovals" | "dismissStaleApprovals"> };

export function mergeRulesOf({ organization, space }: RulesSource): MergeRules {
  return {
    requiredApprovals: space.requiredApprovals ?? organization.requiredApprovals,
    dismissStaleApprovals: space.dismissStaleApprovals ?? organization.dismissStaleApprovals,
    inherited: space.requiredApprovals === null && space.dismissStaleApprovals === null,
  };
}

/** The decision itself, from the rules and each reviewer's latest review. */
export function decideMerge(rules: MergeRules, changeRequest: Pick<ChangeRequest, "revisionId">, latest: CountedReview[]): MergeStatus {
  const standing = latest.filter((review) => review.canReview && (!rules.dismissStaleApprovals || review.revisionId === changeRequest.revisionId));
  const approvals = standing.filter((review) => review.status === "approved").length;
  const unmet: UnmetRule[] = [];
  if (rules.requiredApprovals > 0) {
    const blocking = standing.filter((review) => review.status === "changes-requested");
    if (blocking.length > 0) {
      const who = blocking.map((review) => review.reviewerName).join(", ");
      unmet.push({ rule: "changes-requested", message: `${who} requested changes: a new review from ${blocking.length === 1 ? "them" : "each of them"} is needed before merging.` });
    }
  }
  if (approvals < rules.requiredApprovals) {
    const needed = `${rules.requiredApprovals} approval${rules.requiredApprovals === 1 ? "" : "s"}`;
    unmet.push({ rule: "approvals", message: `Merging needs ${needed} from reviewers of this space; it has ${approvals}.` });
  }
  return { rules, approvals, mergeable: unmet.length === 0, unmet };
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
  return decideMerge(
    rules,
    access.changeRequest,
    latest.map((review) => ({ ...review, canReview: reviewers.has(review.reviewerId) })),
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
  });
}
