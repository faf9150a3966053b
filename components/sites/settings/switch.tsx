import clsx from "clsx";
import { useId } from "react";

/** An on/off setting: a button with the switch role, its label and what it does, read together by screen readers. */
export function Switch({ label, description, checked, onChange, error, disabled }: { label: string; description?: string; checked: boolean; onChange: (checked: boolean) => void; error?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-describedby={description || error ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={clsx(
          "relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60",
          checked ? "bg-indigo-600" : "bg-slate-300",
        )}
      >
        <span aria-hidden className={clsx("inline-block size-4 rounded-full bg-white shadow transition-transform", checked ? "translate-x-4.5" : "translate-x-0.5")} />
      </button>
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <p id={`${id}-description`} className={clsx("text-xs", error ? "text-red-600" : "text-slate-500")}>
          {error ?? description}
        </p>
      </div>
    </div>
  );
}
