"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLiveUpdates } from "@/components/live/use-live-updates";
import { useTRPC } from "@/components/providers/trpc-provider";
import { NotificationInbox } from "./notification-inbox";

/** "Notifications, 3 unread": the count is part of the button's name, not only a badge. */
export function bellLabel(count: number | undefined): string {
  return count ? `Notifications, ${count} unread` : "Notifications";
}

/**
 * The top bar's bell: the unread count, kept current by the user's live stream (mounted here, so in
 * every signed-in screen), and the inbox in a popover. Escape or a click outside closes it, focus
 * then returning to the bell.
 */
export function NotificationBell() {
  const trpc = useTRPC();
  useLiveUpdates();
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions());
  const count = unread.data?.count ?? 0;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100 aria-expanded:bg-slate-100"
      >
        <Bell aria-hidden className="size-5" />
        {count > 0 && (
          <span aria-hidden className="absolute right-0.5 top-0.5 grid min-w-4 place-items-center rounded-full bg-indigo-600 px-1 text-[10px] font-semibold leading-4 text-white">
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close(true);
            }
          }}
          className={clsx(
            "fixed inset-x-2 top-14 z-40 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg outline-none",
            "sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-1 sm:w-96",
          )}
        >
          <NotificationInbox headingId={headingId} onNavigate={() => close(false)} />
        </div>
      )}
    </div>
  );
}
