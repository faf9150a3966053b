import type { NotificationKind, NotificationSummary } from "./build";

/** Where it happened, in words: the change request, or the space. */
export function placeOf(summary: Pick<NotificationSummary, "spaceTitle" | "changeRequest">): string {
  const cr = summary.changeRequest;
  return cr ? `change request #${cr.number}${cr.subject ? ` “${cr.subject}”` : ""} in ${summary.spaceTitle}` : summary.spaceTitle;
}

/** Who did what where, in one sentence (the inbox and the email say the same). */
export function describeNotification(kind: NotificationKind, summary: NotificationSummary): string {
  const who = summary.actorName ?? "Someone";
  const where = placeOf(summary);
  switch (kind) {
    case "mention":
      return `${who} mentioned you in ${where}`;
    case "reply":
      return `${who} replied to a thread in ${where}`;
    case "comment":
      return `${who} commented on a page of ${where}`;
    case "review_requested":
      return `${who} asked for your review of ${where}`;
    case "review_submitted":
      return summary.reviewStatus === "approved"
        ? `${who} approved ${where}`
        : summary.reviewStatus === "changes-requested"
          ? `${who} requested changes on ${where}`
          : `${who} reviewed ${where}`;
    case "change_request_merged":
      return `${who} merged ${where}`;
  }
}
