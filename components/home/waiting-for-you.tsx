"use client";

import { useQuery } from "@tanstack/react-query";
import { AtSign, GitPullRequestDraft, UserRoundSearch } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { changeRequestHref } from "@/components/content/space-frame";
import { RelativeTime } from "@/components/content/relative-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { WaitingChangeRequest } from "@/server/home/waiting-for-me";

/**
 * The home page's first section: what waits on the signed-in person in this organization —
 * reviews asked of them, mentions they have not read, their own draft and open change requests.
 * Each list says so when it is empty, so an empty one is news too.
 */
export function WaitingForYou({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const waiting = useQuery(trpc.organizations.waitingForMe.queryOptions({ organizationId }));
  return (
    <section aria-labelledby="waiting-heading" className="mt-8">
      <h2 id="waiting-heading" className="mb-3 text-sm font-medium text-slate-500">
        Waiting for you
      </h2>
      {waiting.isPending ? (
        <LoadingState label="Loading what waits for you…" />
      ) : waiting.isError ? (
        <ErrorState message={`What waits for you could not be loaded. ${errorMessage(waiting.error)}`} onRetry={() => void waiting.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
          <WaitingList title="Reviews requested" icon={<UserRoundSearch aria-hidden className="size-4" />} empty="No review is waiting for you.">
            {waiting.data.reviewsRequested.map((item) => (
              <ChangeRequestItem key={`${item.spaceId}:${item.number}`} organizationId={organizationId} item={item} />
            ))}
          </WaitingList>
          <WaitingList title="Unread mentions" icon={<AtSign aria-hidden className="size-4" />} empty="No one has mentioned you since you last looked.">
            {waiting.data.mentions.map((mention) => (
              <li key={mention.id}>
                <IntentLink href={mention.path} className="block rounded-md px-2 py-1.5 hover:bg-slate-50">
                  <span className="block text-sm text-slate-900">
                    <span className="font-medium">{mention.actorName}</span> in {mention.spaceTitle}
                  </span>
                  {mention.excerpt && <span className="block truncate text-xs text-slate-600">{mention.excerpt}</span>}
                  <span className="block text-xs text-slate-500">
                    <RelativeTime iso={mention.createdAt} />
                  </span>
                </IntentLink>
              </li>
            ))}
          </WaitingList>
          <WaitingList title="Your open change requests" icon={<GitPullRequestDraft aria-hidden className="size-4" />} empty="You have no draft or open change request.">
            {waiting.data.myChangeRequests.map((item) => (
              <ChangeRequestItem key={`${item.spaceId}:${item.number}`} organizationId={organizationId} item={item} />
            ))}
          </WaitingList>
        </div>
      )}
    </section>
  );
}

function WaitingList({ title, icon, empty, children }: { title: string; icon: ReactNode; empty: string; children: ReactNode[] }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <h3 className="mb-1 flex items-center gap-2 px-2 text-sm font-semibold text-slate-800">
        <span className="text-slate-500">{icon}</span>
        {title}
        <span className="font-normal text-slate-500">{children.length}</span>
      </h3>
      {children.length === 0 ? <p className="px-2 py-1.5 text-sm text-slate-600">{empty}</p> : <ul aria-label={title}>{children}</ul>}
    </div>
  );
}

function ChangeRequestItem({ organizationId, item }: { organizationId: string; item: WaitingChangeRequest }) {
  return (
    <li>
      <IntentLink href={changeRequestHref(organizationId, item.spaceId, item.number)} className="block rounded-md px-2 py-1.5 hover:bg-slate-50">
        <span className="block truncate text-sm font-medium text-slate-900">
          #{item.number} {item.subject || "Untitled change request"}
        </span>
        <span className="block truncate text-xs text-slate-600">
          {item.spaceTitle} · {item.status === "draft" ? "Draft" : "Open"} · updated <RelativeTime iso={item.updatedAt} />
        </span>
      </IntentLink>
    </li>
  );
}
