"use client";

import clsx from "clsx";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

type Tone = "success" | "error";
type Toast = { id: number; tone: Tone; message: string };
type ToastApi = { success: (message: string) => void; error: (message: string) => void };

const regionClass = "flex flex-col items-center gap-2 sm:items-end";

const ToastContext = createContext<ToastApi | null>(null);

const MAX_TOASTS = 3;
// Errors stay longer: they often carry the server's explanation of what to fix.
const DURATION_MS: Record<Tone, number> = { success: 4000, error: 9000 };

/**
 * Short notices after an action. Both live regions are always mounted, so screen readers
 * announce what is added to them: successes politely (status), errors at once (alert).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (tone: Tone, message: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current.slice(-(MAX_TOASTS - 1)), { id, tone, message }]);
      window.setTimeout(() => dismiss(id), DURATION_MS[tone]);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(() => ({ success: (m) => show("success", m), error: (m) => show("error", m) }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col gap-2 p-4">
        <div role="status" aria-live="polite" className={regionClass}>
          {toasts.filter((t) => t.tone === "success").map((toast) => (
            <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" className={regionClass}>
          {toasts.filter((t) => t.tone === "error").map((toast) => (
            <ToastCard key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const Icon = toast.tone === "success" ? CircleCheck : CircleAlert;
  return (
    <div
      className={clsx(
        "pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-lg",
        toast.tone === "success" ? "border-slate-200 text-slate-800" : "border-red-200 text-red-800",
      )}
    >
      <Icon aria-hidden className={clsx("mt-0.5 size-4 shrink-0", toast.tone === "success" ? "text-emerald-600" : "text-red-600")} />
      <p className="min-w-0 flex-1 break-words">{toast.message}</p>
      <button type="button" onClick={() => onDismiss(toast.id)} aria-label="Dismiss" className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700">
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>.");
  return api;
}
