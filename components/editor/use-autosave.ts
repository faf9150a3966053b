"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type SaveStatus =
  | { state: "saved" | "pending" | "saving" }
  | { state: "offline"; retryAt: number }
  | { state: "error"; message: string; retryAt: number };

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * Saves by itself: `delay` after the last change (`version` changes with every edit), while
 * `dirty`. A failed save is retried with exponential backoff (1 s, 2 s, 4 s… up to 30 s), at
 * once when the browser comes back online, or on `saveNow`. Nothing is scheduled while
 * `blocked` (the draft cannot be saved as it is).
 */
export function useAutosave({
  dirty,
  blocked,
  version,
  save,
  describe,
  delay = 1000,
}: {
  dirty: boolean;
  blocked: boolean;
  version: unknown;
  save: () => Promise<void>;
  describe: (error: unknown) => string;
  delay?: number;
}): { status: SaveStatus; saveNow: () => void } {
  const [status, setStatus] = useState<SaveStatus>({ state: "saved" });
  const [saving, setSaving] = useState(false);
  const attempts = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ dirty, blocked, save, describe });
  latest.current = { dirty, blocked, save, describe };

  const run = useCallback(async () => {
    clearTimeout(timer.current);
    const { dirty: needed, blocked: stop, save: send, describe: message } = latest.current;
    if (!needed || stop) return;
    const retry = () => {
      const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempts.current);
      attempts.current++;
      timer.current = setTimeout(() => void run(), wait);
      return Date.now() + wait;
    };
    if (typeof navigator !== "undefined" && !navigator.onLine) {
      setStatus({ state: "offline", retryAt: retry() });
      return;
    }
    setSaving(true);
    setStatus({ state: "saving" });
    try {
      await send();
      attempts.current = 0;
      setStatus({ state: "saved" });
    } catch (error) {
      const offline = typeof navigator !== "undefined" && !navigator.onLine;
      const retryAt = retry();
      setStatus(offline ? { state: "offline", retryAt } : { state: "error", message: message(error), retryAt });
    } finally {
      setSaving(false);
    }
  }, []);

  // Each edit restarts the wait; a save in flight is followed by another if edits came meanwhile.
  useEffect(() => {
    if (saving) return;
    if (!dirty) {
      clearTimeout(timer.current);
      setStatus((current) => (current.state === "saved" ? current : { state: "saved" }));
      return;
    }
    if (blocked) return;
    setStatus((current) => (current.state === "offline" || current.state === "error" ? current : { state: "pending" }));
    clearTimeout(timer.current);
    // A retry pending after a failure keeps its backoff; an edit does not bring it forward.
    if (attempts.current > 0) {
      timer.current = setTimeout(() => void run(), Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts.current - 1)));
      return;
    }
    timer.current = setTimeout(() => void run(), delay);
  }, [version, dirty, blocked, saving, delay, run]);

  useEffect(() => {
    const onOnline = () => void run();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      clearTimeout(timer.current);
    };
  }, [run]);

  const saveNow = useCallback(() => void run(), [run]);
  return { status, saveNow };
}
