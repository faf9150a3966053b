"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useSite } from "@/components/sites/list/use-site";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { errorMessage } from "@/components/ui/trpc-error";
import { pageTitle, RATINGS, ratingOf, type InsightsSummary } from "./insights-format";
import { ViewsChart } from "./views-chart";

const PERIODS = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
] as const;
type Period = (typeof PERIODS)[number]["value"];

/** What the readers of a published site did: views per day, the most read pages, and their feedback. */
export function InsightsPage({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const trpc = useTRPC();
  const site = useSite(organizationId, siteId);
  const [period, setPeriod] = useState<Period>("30");
  const summary = useQuery(trpc.siteInsights.summary.queryOptions({ organizationId, siteId, days: Number(period) }));

  return (
    <section aria-labelledby="insights-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 id="insights-heading" className="text-xl font-semibold text-slate-900">
            Insights
          </h2>
          <p className="max-w-xl text-sm text-slate-600">How readers use the published site: the pages they open and what they say about them. Days are in UTC.</p>
        </div>
        <ToggleGroup label="Period" value={period} options={[...PERIODS]} onChange={setPeriod} />
      </div>
      {summary.isPending ? (
        <LoadingState label="Loading insights…" />
      ) : summary.isError ? (
        <ErrorState message={`The insights could not be loaded. ${errorMessage(summary.error)}`} onRetry={() => void summary.refetch()} />
      ) : summary.data.totalViews === 0 && summary.data.feedback.total === 0 ? (
        <EmptyState
          title="No views yet — publish the site and share its link"
          description={
            site.data?.published
              ? `The site is published, but no reader has opened it in the last ${PERIODS.find((entry) => entry.value === period)!.label}. Views and feedback show here as they come.`
              : "Readers' page views and their answers to “Was this page helpful?” show here once the site is published."
          }
        />
      ) : (
        <InsightsBody organizationId={organizationId} siteId={siteId} summary={summary.data} />
      )}
    </section>
  );
}

function InsightsBody({ organizationId, siteId, summary }: { organizationId: string; siteId: string; summary: InsightsSummary }) {
  const helpful = summary.feedback.total === 0 ? null : Math.round((summary.feedback.good / summary.feedback.total) * 100);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label={`Views in the last ${summary.days} days`} value={summary.totalViews.toLocaleString("en")} />
        <Stat label="Feedback received" value={summary.feedback.total.toLocaleString("en")} />
        <Stat label="Found the page helpful" value={helpful === null ? "—" : `${helpful}%`} />
      </dl>

      <Panel id="views-heading" title="Views per day">
        <ViewsChart daily={summary.daily} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="top-pages-heading" title="Most read pages">
          {summary.topPages.length === 0 ? (
            <p className="text-sm text-slate-600">No page was opened in this period.</p>
          ) : (
            <TopPages pages={summary.topPages} />
          )}
        </Panel>
        <Panel id="feedback-heading" title="Was this page helpful?">
          <FeedbackSummary summary={summary} />
        </Panel>
      </div>

      <Panel id="recent-feedback-heading" title="Recent feedback">
        <RecentFeedback organizationId={organizationId} siteId={siteId} />
      </Panel>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function TopPages({ pages }: { pages: InsightsSummary["topPages"] }) {
  const max = Math.max(1, ...pages.map((page) => page.views));
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-slate-600">
        <tr>
          <th scope="col" className="pb-1.5 font-medium">Page</th>
          <th scope="col" className="w-20 pb-1.5 text-right font-medium">Views</th>
        </tr>
      </thead>
      <tbody>
        {pages.map((page) => (
          <tr key={`${page.spaceId}/${page.pageId}`} className="align-top">
            <td className="py-1.5 pr-3">
              <span className="block truncate text-slate-900" title={pageTitle(page)}>{pageTitle(page)}</span>
              {page.spaceTitle && <span className="block truncate text-xs text-slate-500">{page.spaceTitle}</span>}
              <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-indigo-500" style={{ width: `${Math.max(2, (page.views / max) * 100)}%` }} />
            </td>
            <td className="py-1.5 text-right tabular-nums text-slate-900">{page.views.toLocaleString("en")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FeedbackSummary({ summary }: { summary: InsightsSummary }) {
  const { feedback } = summary;
  if (feedback.total === 0) return <p className="text-sm text-slate-600">No reader has rated a page yet.</p>;
  return (
    <div className="space-y-4">
      <div aria-hidden className="flex h-3 overflow-hidden rounded-full bg-slate-100">
        {RATINGS.map((rating) => (
          <div key={rating.value} className={rating.bar} style={{ width: `${(feedback[rating.value] / feedback.total) * 100}%` }} />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {RATINGS.map((rating) => (
          <li key={rating.value} className="flex items-center gap-1.5 text-slate-700">
            <span aria-hidden className={clsx("size-2.5 rounded-full", rating.bar)} />
            {rating.label}: <span className="font-medium tabular-nums text-slate-900">{feedback[rating.value].toLocaleString("en")}</span>
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="pb-1.5 text-left text-slate-600">Pages with the most feedback</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="pb-1.5 font-medium">Page</th>
              {RATINGS.map((rating) => (
                <th key={rating.value} scope="col" className="w-16 pb-1.5 text-right font-medium">
                  <abbr title={rating.label} className="no-underline">{rating.short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.feedbackByPage.map((page) => (
              <tr key={`${page.spaceId}/${page.pageId}`}>
                <td className="max-w-0 truncate py-1 pr-3 text-slate-900" title={pageTitle(page)}>{pageTitle(page)}</td>
                {RATINGS.map((rating) => (
                  <td key={rating.value} className="py-1 text-right tabular-nums text-slate-900">{page[rating.value]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The feedback list, newest first, a page of it at a time ("Show more" asks for the next). */
function RecentFeedback({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <ul aria-label="Recent feedback" className="divide-y divide-slate-100">
      {cursors.map((cursor, index) => (
        <FeedbackChunk key={cursor ?? "first"} organizationId={organizationId} siteId={siteId} cursor={cursor} first={index === 0} last={index === cursors.length - 1} onMore={(next) => setCursors((current) => [...current, next])} />
      ))}
    </ul>
  );
}

function FeedbackChunk({ organizationId, siteId, cursor, first, last, onMore }: { organizationId: string; siteId: string; cursor: string | undefined; first: boolean; last: boolean; onMore: (next: string) => void }) {
  const trpc = useTRPC();
  const feedback = useQuery(trpc.siteInsights.feedback.queryOptions({ organizationId, siteId, ...(cursor ? { cursor } : {}) }));
  if (feedback.isPending) return <li><LoadingState label="Loading feedback…" /></li>;
  if (feedback.isError) return <li className="py-2"><ErrorState message={`The feedback could not be loaded. ${errorMessage(feedback.error)}`} onRetry={() => void feedback.refetch()} /></li>;
  if (feedback.data.items.length === 0) return first ? <li className="py-2 text-sm text-slate-600">No feedback yet.</li> : null;
  return (
    <>
      {feedback.data.items.map((item) => {
        const rating = ratingOf(item.rating);
        return (
          <li key={item.id} className="space-y-1 py-3">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className={clsx("rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", rating.badge)}>{rating.label}</span>
              <span className="min-w-0 break-words font-medium text-slate-900">{pageTitle(item.page)}</span>
              <time dateTime={item.createdAt} className="text-slate-500">
                {new Date(item.createdAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </div>
            {item.comment ? <p className="whitespace-pre-line break-words text-sm text-slate-700">{item.comment}</p> : <p className="text-sm italic text-slate-500">No comment</p>}
          </li>
        );
      })}
      {last && feedback.data.next && (
        <li className="flex justify-center pt-2">
          <Button variant="ghost" onClick={() => onMore(feedback.data.next!)}>
            Show more feedback
          </Button>
        </li>
      )}
    </>
  );
}
