"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";

/** The profile's notification settings: whether each notification is also emailed. Saved on change. */
export function NotificationSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.profile.notificationSettings.queryOptions());
  // The box follows the click at once (a controlled input must change in the same event); a failed save puts it back.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (settings.data) setChecked(settings.data.emailNotifications);
  }, [settings.data]);
  const update = useMutation(
    trpc.profile.updateNotificationSettings.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.profile.notificationSettings.queryKey(), data),
      onError: () => setChecked(settings.data?.emailNotifications ?? false),
    }),
  );
  const hintId = useId();
  return (
    <section aria-labelledby="notifications-heading" className="space-y-3">
      <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
        Notifications
      </h2>
      {settings.isPending ? (
        <LoadingState label="Loading your notification settings…" />
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="max-w-md space-y-2">
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 accent-indigo-600"
              checked={checked}
              disabled={update.isPending}
              aria-describedby={hintId}
              onChange={(event) => {
                setChecked(event.target.checked);
                update.mutate({ emailNotifications: event.target.checked });
              }}
            />
            <span>Email me my notifications</span>
          </label>
          <p id={hintId} className="pl-7 text-sm text-slate-600">
            {settings.data.emailAvailable
              ? "Mentions, replies to your threads, review requests, reviews and merges, also sent to your email address."
              : "This Quire server does not send email yet (its administrator sets QUIRE_SMTP_URL); your inbox has them all."}
          </p>
          {update.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(update.error)}
            </p>
          )}
          {update.isSuccess && (
            <p role="status" className="pl-7 text-sm text-green-800">
              Saved.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
