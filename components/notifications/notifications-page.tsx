"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { SelectField } from "@/components/ui/field";
import { ToggleGroup } from "@/components/ui/toggle-group";
import type { NotificationFilter } from "@/server/notifications/inbox";
import { FilteredNotifications } from "./notification-inbox";

type Shown = "all" | "unread" | NotificationFilter;

const SHOWN: { value: Shown; label: string; empty: string }[] = [
  { value: "all", label: "All", empty: "Mentions, comments on your spaces, replies to your threads, review requests, reviews and merges will show up here." },
  { value: "unread", label: "Unread", empty: "Nothing unread." },
  { value: "mentions", label: "Mentions", empty: "No one has mentioned you here yet." },
  { value: "comments", label: "Comments", empty: "No comments, replies or mentions here yet." },
  { value: "reviews", label: "Reviews", empty: "No review requests, reviews or merges here yet." },
];

/** The full inbox (`/notifications`, from the bell's "See all"): every notification, filtered by why and by space. */
export function NotificationsPage() {
  const trpc = useTRPC();
  const [shown, setShown] = useState<Shown>("all");
  const [space, setSpace] = useState("");
  const spaces = useQuery(trpc.notifications.spaces.queryOptions());
  const query = {
    ...(shown === "unread" ? { unread: true } : shown === "all" ? {} : { filter: shown }),
    ...(space ? { space } : {}),
  };
  const { empty } = SHOWN.find((option) => option.value === shown)!;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Notifications</h1>
      <div className="flex flex-wrap items-end gap-3">
        <ToggleGroup label="Show" value={shown} options={SHOWN} onChange={setShown} />
        <SelectField
          label="Space"
          className="min-w-48"
          value={space}
          onChange={(event) => setSpace(event.target.value)}
          options={[{ value: "", label: "All spaces" }, ...(spaces.data?.items ?? []).map((each) => ({ value: each.id, label: each.title }))]}
        />
      </div>
      <FilteredNotifications query={query} empty={space ? "Nothing of this kind in this space." : empty} />
    </div>
  );
}
