/**
 * The review state of a change request in words, from its reviews (as the API lists them) and the
 * merge rules' status the server computed: the server counts approvals, this only phrases them.
 */

export type ReviewVerdict = "approved" | "changes-requested";

type ReviewLike = { id: string; reviewer: { id: string; displayName: string }; status: ReviewVerdict; outdated: boolean; createdAt: string };

/** Each reviewer's latest review that still stands (not outdated), newest first. */
export function standingReviews<T extends ReviewLike>(reviews: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const review of reviews) {
    const seen = latest.get(review.reviewer.id);
    if (!seen || review.createdAt > seen.createdAt) latest.set(review.reviewer.id, review);
  }
  return [...latest.values()].filter((review) => !review.outdated).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** "Ada", "Ada and Bo", "Ada, Bo and Cy", "Ada, Bo and 2 others". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  if (names.length <= 3) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} others`;
}

export type ReviewSummary = { tone: "approved" | "changes-requested" | "waiting" | "none"; text: string };

/**
 * One line for the state: changes requested first (they block the author), then the approvals
 * against what the rules require, then who approved.
 */
export function summarizeReviews(reviews: readonly ReviewLike[], status: { approvals: number; rules: { requiredApprovals: number } } | undefined): ReviewSummary {
  const standing = standingReviews(reviews);
  const blocking = standing.filter((review) => review.status === "changes-requested");
  if (blocking.length > 0) return { tone: "changes-requested", text: `Changes requested by ${listNames(blocking.map((review) => review.reviewer.displayName))}` };
  const approvers = standing.filter((review) => review.status === "approved").map((review) => review.reviewer.displayName);
  const required = status?.rules.requiredApprovals ?? 0;
  if (required > 0) {
    const approvals = status?.approvals ?? 0;
    return { tone: approvals >= required ? "approved" : "waiting", text: `${approvals} of ${required} ${required === 1 ? "approval" : "approvals"}` };
  }
  if (approvers.length > 0) return { tone: "approved", text: `Approved by ${listNames(approvers)}` };
  return { tone: "none", text: "No reviews yet" };
}
