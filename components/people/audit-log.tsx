"use client";

import { useQuery } from "@tanstack/react-query";
import { Filter, X } from "lucide-react";
import { useState } from "react";
import { RelativeTime } from "@/components/content/relative-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { MemberSearch } from "./member-search";

type Filters = { action?: string; actor?: { id: string; label: string }; target?: { id: string; label: string } };
type AuditEvent = {
  id: string;
  occurredAt: string;
  action: string;
  source: string;
  actor: { type: string; id: string; label?: string };
  target: { type: string; id: string; label?: string };
};

/** Where a change was made, in people's words (the event's `source`). */
const SOURCES: Record<string, string> = { ui: "In the app", api: "Through the API", workflow: "By Quire" };
const PAGE_SIZE = 25;

/** The organization's audit log, newest first: who changed what, when and through what, with each change's details. */
export function AuditLog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const actions = useQuery(trpc.audit.actions.queryOptions({ organizationId }));
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [details, setDetails] = useState<AuditEvent | null>(null);
  const labels = new Map(actions.data?.items.map((action) => [action.id, action.label]));
  const filter = (next: Filters) => {
    setFilters(next);
    setCursors([undefined]);
  };

  return (
    <section aria-labelledby="audit-heading" className="space-y-5">
      <div className="space-y-1">
        <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
          Audit log
        </h2>
        <p className="max-w-xl text-sm text-slate-600">Every change made in the organization, newest first: who made it, to what, when, and whether in the app or through the API.</p>
      </div>

      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="flex items-center gap-1.5 px-1 text-sm font-medium text-slate-700">
          <Filter aria-hidden className="size-4" /> Filters
        </legend>
        <div className="space-y-1">
          <label htmlFor="audit-action" className="block text-sm font-medium text-slate-700">
            Action
          </label>
          <select
            id="audit-action"
            value={filters.action ?? ""}
            onChange={(event) => filter({ ...filters, action: event.target.value || undefined })}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
          >
            <option value="">All actions</option>
            {actions.data?.items.map((action) => (
              <option key={action.id} value={action.id}>
                {action.label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          {filters.actor ? (
            <ActiveFilter label="By" value={filters.actor.label} onClear={() => filter({ ...filters, actor: undefined })} />
          ) : (
            <MemberSearch organizationId={organizationId} label="By member" actionLabel="Show changes by" onPick={(member) => filter({ ...filters, actor: { id: member.id, label: member.displayName } })} />
          )}
        </div>
        {filters.target && (
          <div className="sm:col-span-2">
            <ActiveFilter label="To" value={filters.target.label} onClear={() => filter({ ...filters, target: undefined })} />
          </div>
        )}
      </fieldset>

      <ol aria-label="Audit events, newest first" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {cursors.map((cursor, index) => (
          <EventsChunk
            key={cursor ?? "first"}
            organizationId={organizationId}
            filters={filters}
            page={cursor}
            first={index === 0}
            last={index === cursors.length - 1}
            labelOf={(action) => labels.get(action) ?? action}
            onMore={(next) => setCursors((current) => [...current, next])}
            onFilter={filter}
            onDetails={setDetails}
          />
        ))}
      </ol>
      <EventDetailsDialog organizationId={organizationId} event={details} labelOf={(action) => labels.get(action) ?? action} onClose={() => setDetails(null)} />
    </section>
  );
}

function ActiveFilter({ label, value, onClear }: { label: string; value: string; onClear: () => void }) {
  return (
    <p className="flex items-center gap-2 text-sm">
      <span className="font-medium text-slate-700">{label}</span>
      <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-indigo-900">
        {value}
        <button type="button" onClick={onClear} aria-label={`Clear the filter “${label} ${value}”`} className="rounded-full p-0.5 hover:bg-indigo-100">
          <X aria-hidden className="size-3.5" />
        </button>
      </span>
    </p>
  );
}

function EventsChunk({
  organizationId,
  filters,
  page,
  first,
  last,
  labelOf,
  onMore,
  onFilter,
  onDetails,
}: {
  organizationId: string;
  filters: Filters;
  page: string | undefined;
  first: boolean;
  last: boolean;
  labelOf: (action: string) => string;
  onMore: (next: string) => void;
  onFilter: (filters: Filters) => void;
  onDetails: (event: AuditEvent) => void;
}) {
  const trpc = useTRPC();
  const events = useQuery(
    trpc.audit.list.queryOptions({
      organizationId,
      limit: PAGE_SIZE,
      ...(page ? { page } : {}),
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.actor ? { actor: filters.actor.id } : {}),
      ...(filters.target ? { target: filters.target.id } : {}),
    }),
  );
  if (events.isPending) return <li><LoadingState label="Loading events…" /></li>;
  if (events.isError) return <li className="p-3"><ErrorState message={errorMessage(events.error)} onRetry={() => void events.refetch()} /></li>;
  if (events.data.items.length === 0) {
    return first ? (
      <li className="p-3">
        <EmptyState
          title={filters.action || filters.actor || filters.target ? "No event matches these filters" : "Nothing recorded yet"}
          description={filters.action || filters.actor || filters.target ? "Clear a filter to see more." : "Changes to the organization's content, people and settings appear here as they are made."}
        />
      </li>
    ) : null;
  }
  return (
    <>
      {events.data.items.map((event) => {
        const actor = event.actor.label ?? event.actor.id;
        const target = event.target.label ?? event.target.id;
        return (
          <li key={event.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{labelOf(event.action)}</span>
                <span className="text-slate-500"> · {event.target.type.replace("_", " ")} </span>
                <button type="button" onClick={() => onFilter({ ...filters, target: { id: event.target.id, label: target } })} className="font-medium text-indigo-700 hover:underline" aria-label={`Show changes to ${target}`}>
                  {target}
                </button>
              </p>
              <p className="flex flex-wrap gap-x-3 text-sm text-slate-500">
                <span>
                  by{" "}
                  <button type="button" onClick={() => onFilter({ ...filters, actor: { id: event.actor.id, label: actor } })} className="text-slate-700 hover:underline" aria-label={`Show changes by ${actor}`}>
                    {actor}
                  </button>
                </span>
                <RelativeTime iso={event.occurredAt} />
                <span>{SOURCES[event.source] ?? event.source}</span>
              </p>
            </div>
            <Button variant="secondary" onClick={() => onDetails(event)} aria-label={`Details of “${labelOf(event.action)}” on ${target}`}>
              Details
            </Button>
          </li>
        );
      })}
      {last && events.data.next && (
        <li className="flex justify-center p-2">
          <Button variant="ghost" onClick={() => onMore(events.data.next!.page)}>
            Show older events
          </Button>
        </li>
      )}
    </>
  );
}

/** One event in full: its parts, and the payload the change recorded. */
function EventDetailsDialog({ organizationId, event, labelOf, onClose }: { organizationId: string; event: AuditEvent | null; labelOf: (action: string) => string; onClose: () => void }) {
  const trpc = useTRPC();
  const full = useQuery({ ...trpc.audit.get.queryOptions({ organizationId, auditEventId: event?.id ?? "" }), enabled: event !== null });
  return (
    <Dialog open={event !== null} onClose={onClose} title={event ? labelOf(event.action) : "Event"} size="lg">
      {event && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">When</dt>
            <dd>
              <time dateTime={event.occurredAt}>{new Date(event.occurredAt).toLocaleString()}</time>
            </dd>
            <dt className="text-slate-500">Who</dt>
            <dd className="break-words">{event.actor.label ?? event.actor.id}</dd>
            <dt className="text-slate-500">Through</dt>
            <dd>{SOURCES[event.source] ?? event.source}</dd>
            <dt className="text-slate-500">Target</dt>
            <dd className="break-words">
              {event.target.type.replace("_", " ")} {event.target.label ?? ""} <code className="text-xs text-slate-500">{event.target.id}</code>
            </dd>
            <dt className="text-slate-500">Action</dt>
            <dd>
              <code className="text-xs">{event.action}</code>
            </dd>
          </dl>
          <div className="space-y-1">
            <h3 className="text-sm font-medium text-slate-700">Details recorded</h3>
            {full.isPending ? (
              <LoadingState label="Loading details…" />
            ) : full.isError ? (
              <ErrorState message={errorMessage(full.error)} onRetry={() => void full.refetch()} />
            ) : (
              <pre tabIndex={0} aria-label="Recorded details" className="max-h-72 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-50">
                {JSON.stringify(full.data.payload, null, 2)}
              </pre>
            )}
          </div>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
