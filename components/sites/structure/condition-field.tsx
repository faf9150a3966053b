"use client";

import { useId } from "react";

/**
 * The "Condition" of a section or variant: when a visitor sees it (an adaptive-content expression,
 * empty for always). An empty field is null: the condition is removed.
 */
export function ConditionField({ value, onChange, error, disabled }: { organizationId: string; siteId: string; value: string | null; onChange: (value: string | null) => void; error?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Condition
      </label>
      <input
        id={id}
        value={value ?? ""}
        maxLength={1024}
        disabled={disabled}
        spellCheck={false}
        placeholder="visitor.claims.unsigned.beta === true"
        aria-describedby={`${id}-note`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 font-mono text-sm shadow-xs placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
      />
      <p id={`${id}-note`} className={error ? "text-sm text-red-600" : "text-xs text-slate-500"}>
        {error ?? "Shown only to visitors for whom this is true; leave empty to show it to everyone."}
      </p>
    </div>
  );
}
