import { describe, expect, test } from "vitest";
import { listNames, standingReviews, summarizeReviews } from "../../components/reviews/review-state";

const review = (id: string, reviewer: string, status: "approved" | "changes-requested", createdAt: string, outdated = false) => ({
  id,
  reviewer: { id: reviewer, displayName: reviewer },
  status,
  outdated,
  createdAt,
});

describe("the review state in words", () => {
  test("each reviewer's latest review stands, unless outdated", () => {
    const reviews = [review("1", "Ada", "changes-requested", "2026-01-01T10:00:00Z"), review("2", "Ada", "approved", "2026-01-01T11:00:00Z"), review("3", "Bo", "approved", "2026-01-01T09:00:00Z", true)];
    expect(standingReviews(reviews).map((r) => r.id)).toEqual(["2"]);
  });

  test("changes requested come first, naming who asked", () => {
    const reviews = [review("1", "Ada", "changes-requested", "2026-01-01T10:00:00Z"), review("2", "Bo", "approved", "2026-01-01T11:00:00Z")];
    expect(summarizeReviews(reviews, { approvals: 1, rules: { requiredApprovals: 2 } })).toEqual({ tone: "changes-requested", text: "Changes requested by Ada" });
  });

  test("approvals against the rule, as the server counts them", () => {
    const reviews = [review("1", "Ada", "approved", "2026-01-01T10:00:00Z"), review("2", "Bo", "approved", "2026-01-01T11:00:00Z")];
    expect(summarizeReviews(reviews, { approvals: 2, rules: { requiredApprovals: 2 } })).toEqual({ tone: "approved", text: "2 of 2 approvals" });
    expect(summarizeReviews([], { approvals: 0, rules: { requiredApprovals: 1 } })).toEqual({ tone: "waiting", text: "0 of 1 approval" });
  });

  test("without a rule: who approved, or no reviews yet", () => {
    expect(summarizeReviews([review("1", "Ada", "approved", "2026-01-01T10:00:00Z")], { approvals: 1, rules: { requiredApprovals: 0 } }).text).toBe("Approved by Ada");
    expect(summarizeReviews([], undefined)).toEqual({ tone: "none", text: "No reviews yet" });
  });

  test("names are listed for people", () => {
    expect(listNames(["Ada"])).toBe("Ada");
    expect(listNames(["Ada", "Bo"])).toBe("Ada and Bo");
    expect(listNames(["Ada", "Bo", "Cy"])).toBe("Ada, Bo and Cy");
    expect(listNames(["Ada", "Bo", "Cy", "Di", "Ed"])).toBe("Ada, Bo and 3 others");
  });
});
