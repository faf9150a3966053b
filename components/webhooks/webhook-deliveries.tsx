"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import clsx from "clsx";
import { CircleCheck, CircleX, Clock, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { formatDateTime } from "@/components/tokens/format-date";
import { Button } from "@/components/ui/button";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { eventTypeLabel } from "./event-type-labels";

/** While a delivery is pending, the list follows it. */
const POLL_MS = 2_000;
const PAGE_SIZE = 10;

const looks = {
  success: { label: "Delivered", icon: CircleCheck, className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  pending: { label: "Pending", icon: Clock, className: "bg-amber-50 text-amber-800 ring-amber-200" },
  failed: { label: "Failed", icon: CircleX, className: "bg-red-50 text-red-800 ring-red-200" },
} as const;

function DeliveryStatus({ status }: { status: keyof typeof looks }) {
  const { label, icon: Icon, className } = looks[status];
  return (
    <span className={clsx("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", className)}>
      <Icon aria-hidden className="size-3.5" />
      {label}
    </span>
  );
}

/** The list's input, also its query key: whoever sends an event to the webhook refreshes it with this. */
export const deliveriesInput = (organizationId: string, webhookId: string) => ({ organizationId, webhookId, limit: PAGE_SIZE });

/** A webhook's deliveries, newest first, each with its attempts; one or every failed one can be sent again. */
export function WebhookDeliveries({ organizationId, webhookId, id }: { organizationId: string; webhookId: string; id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const input = deliveriesInput(organizationId, webhookId);
  const deliveries = useInfiniteQuery({
    ...trpc.webhooks.deliveries.infiniteQueryOptions(input, { getNextPageParam: (last) => last.next?.page }),
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((item) => item.status === "pending")) ? POLL_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.infiniteQueryKey(input) });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: async () => {
        setNotice("The event is being sent again.");
        await refresh();
      },
    }),
  );
  const redeliverFailed = useMutation(
    trpc.webhooks.redeliverFailed.mutationOptions({
      onSuccess: async ({ count }) => {
        setNotice(count === 0 ? "No failed delivery to send again." : count === 1 ? "1 failed delivery is being sent again." : `${count} failed deliveries are being sent again.`);
        await refresh();
      },
    }),
  );

  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  const failure = redeliver.error ?? redeliverFailed.error;
  return (
    <section id={id} aria-label="Deliveries" className="space-y-3 border-t border-slate-200 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Recent deliveries</h4>
        <Button variant="secondary" loading={redeliverFailed.isPending} onClick={() => redeliverFailed.mutate({ organizationId, webhookId })}>
          <RotateCcw aria-hidden className="size-4" />
          Redeliver all failed
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600 empty:hidden">
        {notice}
      </p>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(failure)}
        </p>
      )}
      {deliveries.isPending ? (
        <LoadingState label="Loading deliveries…" />
      ) : deliveries.isError ? (
        <ErrorState message={errorMessage(deliveries.error)} onRetry={() => void deliveries.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No deliveries yet. Send a test event to check that the endpoint answers.</p>
      ) : (
        <ul aria-label="Deliveries" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {items.map((delivery) => (
            <li key={delivery.id} className="space-y-2 px-3 py-2.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                <DeliveryStatus status={delivery.status} />
                <span className="min-w-48 flex-1 text-sm text-slate-800">
                  {eventTypeLabel(delivery.event.type)} <span className="font-mono text-xs text-slate-500">{delivery.event.type}</span>
                </span>
                <time dateTime={delivery.createdAt} className="text-xs text-slate-500">
                  {formatDateTime(new Date(delivery.createdAt))}
                </time>
                <Button
                  variant="ghost"
                  aria-label={`Redeliver the ${delivery.event.type} event of ${formatDateTime(new Date(delivery.createdAt))}`}
                  loading={redeliver.isPending && redeliver.variables.deliveryId === delivery.id}
                  onClick={() => redeliver.mutate({ organizationId, webhookId, deliveryId: delivery.id })}
                >
                  <RotateCcw aria-hidden className="size-4" />
                  Redeliver
                </Button>
              </div>
              <details className="group text-sm">
                <summary className="cursor-pointer rounded text-slate-600 hover:text-slate-900">
                  {delivery.attempts === 0 ? "Not attempted yet" : delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
                  {delivery.nextAttemptAt && delivery.attempts > 0 ? `, next ${formatDateTime(new Date(delivery.nextAttemptAt))}` : ""}
                  <span className="font-mono text-xs text-slate-500"> · event {delivery.event.id}</span>
                </summary>
                {delivery.trace.length > 0 && (
                  <ol aria-label="Attempts" className="mt-2 space-y-1.5 rounded-md bg-slate-50 p-2.5">
                    {delivery.trace.map((attempt) => (
                      <li key={attempt.attempt} className="grid gap-x-3 gap-y-0.5 text-xs text-slate-700 sm:grid-cols-[auto_auto_minmax(0,1fr)_auto]">
                        <span className="font-medium text-slate-900">#{attempt.attempt}</span>
                        <time dateTime={attempt.startedAt}>{formatDateTime(new Date(attempt.startedAt))}</time>
                        <span className="break-all font-mono text-slate-500">{attempt.url}</span>
                        <span className={clsx(attempt.responseStatus !== undefined && attempt.responseStatus < 300 ? "text-emerald-700" : "text-red-700")}>
                          {attempt.responseStatus !== undefined ? `HTTP ${attempt.responseStatus}` : attempt.error} · {attempt.durationMs} ms
                        </span>
                        {attempt.responseStatus !== undefined && attempt.error && <span className="text-red-700 sm:col-span-4">{attempt.error}</span>}
                      </li>
                    ))}
                  </ol>
                )}
              </details>
            </li>
          ))}
        </ul>
      )}
      {deliveries.hasNextPage && (
        <Button variant="secondary" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
          Show older deliveries
        </Button>
      )}
    </section>
  );
}
