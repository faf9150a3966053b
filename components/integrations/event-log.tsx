"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useIntegration } from "./integration-frame";
import type { IntegrationEventObject } from "./integration-model";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
const formatTime = (value: string | Date) => timeFormat.format(new Date(value));

/** For the integration's own admins: the events sent to it, newest first, each with its delivery attempts. */
export function EventLog({ name }: { name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const integration = useIntegration(name);
  const admin = integration.data?.permissions.admin ?? false;
  const events = useInfiniteQuery({
    ...trpc.integrations.events.infiniteQueryOptions({ integrationName: name }, { getNextPageParam: (last) => last.next?.page }),
    enabled: admin,
  });
  const redeliverFailed = useMutation(
    trpc.integrations.redeliverFailed.mutationOptions({
      onSuccess: async ({ count }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.integrations.events.pathKey() });
        toast.success(count === 0 ? "No event has failed: there is nothing to send again." : count === 1 ? "The failed event is being sent again." : `The ${count} failed events are being sent again.`);
      },
      onError: (error) => toast.error(`The failed events could not be sent again. ${errorMessage(error)}`),
    }),
  );
  if (integration.data && !admin) return <p className="text-sm text-slate-600">Only the admins of the organization that publishes this integration see its events.</p>;
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="events-heading" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="events-heading" className="text-lg font-semibold text-slate-900">
            Events
          </h2>
          <p className="text-sm text-slate-600">What was sent to the integration from every organization that installed it. A failed delivery is retried for a day; send it again once the receiver is fixed.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" loading={events.isRefetching && !events.isFetchingNextPage} onClick={() => void events.refetch()}>
            Refresh
          </Button>
          <Button variant="secondary" loading={redeliverFailed.isPending} onClick={() => redeliverFailed.mutate({ integrationName: name })}>
            Redeliver all failed
          </Button>
        </div>
      </div>
      {events.isPending ? (
        <LoadingState label="Loading events…" />
      ) : events.isError ? (
        <ErrorState message={`The events could not be loaded. ${errorMessage(events.error)}`} onRetry={() => void events.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No events yet" description="Events appear here once an organization installs the integration and something happens in what it reaches." />
      ) : (
        <>
          <ul aria-label="Events" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((event) => (
              <EventRow key={event.id} name={name} event={event} />
            ))}
          </ul>
          {events.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
                Show older events
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function EventRow({ name, event }: { name: string; event: IntegrationEventObject }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const type = (event.payload as { type?: string }).type ?? "event";
  const redeliver = useMutation(
    trpc.integrations.redeliver.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.integrations.events.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.integrations.event.queryKey({ integrationName: name, eventId: event.id }) });
        toast.success(`The ${type} event is being sent again.`);
      },
      onError: (error) => toast.error(`The event could not be sent again. ${errorMessage(error)}`),
    }),
  );
  return (
    <li className="space-y-2 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="inline-flex min-w-0 flex-1 basis-60 items-center gap-1.5 text-left hover:underline"
        >
          {open ? <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-500" /> : <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-500" />}
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="font-mono text-sm break-all text-slate-900">{type}</span>
            <span className="text-xs text-slate-500">{formatTime(event.createdAt)}</span>
          </span>
        </button>
        <DeliveryStatus event={event} />
        <span className="text-xs text-slate-500">{event.attempts === 1 ? "1 attempt" : `${event.attempts} attempts`}</span>
        <Button variant="ghost" loading={redeliver.isPending} onClick={() => redeliver.mutate({ deliveryId: event.id })} aria-label={`Redeliver the ${type} event of ${formatTime(event.createdAt)}`}>
          Redeliver
        </Button>
      </div>
      {open && <EventTrace id={panelId} name={name} eventId={event.id} />}
    </li>
  );
}

/** Delivered, being retried (the last attempt failed, another is due), or failed for good. */
function DeliveryStatus({ event }: { event: IntegrationEventObject }) {
  if (event.status === "success") return <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800">Delivered</span>;
  if (event.nextAttemptAt) return <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Retrying at {formatTime(event.nextAttemptAt)}</span>;
  return <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Failed</span>;
}

/** The delivery trace of one event: each attempt's time, answer, duration and error, as the service logged them. */
function EventTrace({ id, name, eventId }: { id: string; name: string; eventId: string }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.integrations.event.queryOptions({ integrationName: name, eventId }));
  return (
    <div id={id} className="space-y-2 pl-6">
      {detail.isPending ? (
        <LoadingState label="Loading the delivery trace…" />
      ) : detail.isError ? (
        <ErrorState message={`The delivery trace could not be loaded. ${errorMessage(detail.error)}`} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <h3 className="text-sm font-medium text-slate-900">Delivery trace</h3>
          {(detail.data.trace?.logs ?? []).length === 0 ? (
            <p className="text-sm text-slate-500">No attempt is recorded yet.</p>
          ) : (
            <ol aria-label="Delivery attempts" className="space-y-1 text-sm">
              {(detail.data.trace?.logs ?? []).map((log, index) => (
                <li key={index} className="flex flex-wrap gap-x-3 gap-y-0.5">
                  {log.timestamp && <time className="shrink-0 text-xs text-slate-500">{formatTime(log.timestamp)}</time>}
                  <span className={log.level === "error" || log.level === "warn" ? "[overflow-wrap:anywhere] text-red-700" : "[overflow-wrap:anywhere] text-slate-700"}>{log.message}</span>
                </li>
              ))}
            </ol>
          )}
          <details className="text-sm">
            <summary className="cursor-pointer text-slate-600 hover:text-slate-900">What was sent</summary>
            <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-slate-100 p-2 text-xs text-slate-800">{JSON.stringify(detail.data.event.payload, null, 2)}</pre>
          </details>
        </>
      )}
    </div>
  );
}
