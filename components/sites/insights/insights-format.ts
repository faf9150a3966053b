import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/trpc/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type InsightsSummary = Outputs["siteInsights"]["summary"];
export type FeedbackItem = Outputs["siteInsights"]["feedback"]["items"][number];
export type Rating = FeedbackItem["rating"];

/** The ratings as readers chose them (best first), in the words and colors the page shows them. */
export const RATINGS: { value: Rating; label: string; short: string; badge: string; bar: string }[] = [
  { value: "good", label: "Helpful", short: "Yes", badge: "bg-green-50 text-green-800 ring-green-200", bar: "bg-green-500" },
  { value: "ok", label: "Somewhat helpful", short: "Partly", badge: "bg-amber-50 text-amber-800 ring-amber-200", bar: "bg-amber-500" },
  { value: "bad", label: "Not helpful", short: "No", badge: "bg-red-50 text-red-800 ring-red-200", bar: "bg-red-500" },
];

export const ratingOf = (value: Rating) => RATINGS.find((rating) => rating.value === value)!;

/** Days are UTC dates (YYYY-MM-DD), shown as such whatever the browser's zone. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}

export function formatCount(count: number, noun: string): string {
  return `${count.toLocaleString("en")} ${count === 1 ? noun : `${noun}s`}`;
}

/** A page as owners know it: its title, or a word that it is gone. */
export function pageTitle(page: { title: string | null }): string {
  return page.title ?? "A deleted page";
}
