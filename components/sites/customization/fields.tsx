"use client";

import clsx from "clsx";
import { useId, type ReactNode } from "react";

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none disabled:bg-slate-50";

/** A titled group of settings: a fieldset whose legend is its heading. */
export function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {description && <p className="-mt-2 text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}

/** A color as the color picker and its hex code side by side (the code can be typed; a malformed one is named). */
export function ColorInput({ label, value, onChange, disabled }: { label: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const id = useId();
  const valid = HEX_COLOR.test(value);
  // The picker only takes #rrggbb: a #rgb code is spelled out for it.
  const long = valid && value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join("")}` : value;
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={`${id}-hex`} className="block text-sm text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: picker`}
          value={valid ? long.toLowerCase() : "#000000"}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-8 w-10 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 disabled:cursor-not-allowed"
        />
        <input
          id={`${id}-hex`}
          type="text"
          value={value}
          maxLength={7}
          spellCheck={false}
          disabled={disabled}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : `${id}-error`}
          onChange={(event) => onChange(event.target.value.trim())}
          className={clsx(control, "font-mono", !valid && "border-red-500")}
        />
      </div>
      {!valid && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          A color code such as #346ddb.
        </p>
      )}
    </div>
  );
}

/** A color for the light and the dark theme. */
export function ThemedColorInput({ label, value, onChange, disabled }: { label: string; value: { light: string; dark: string }; onChange: (value: { light: string; dark: string }) => void; disabled?: boolean }) {
  return (
    <div role="group" aria-label={label} className="space-y-1">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <ColorInput label={`${label}, light`} value={value.light} disabled={disabled} onChange={(light) => onChange({ ...value, light })} />
        <ColorInput label={`${label}, dark`} value={value.dark} disabled={disabled} onChange={(dark) => onChange({ ...value, dark })} />
      </div>
    </div>
  );
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/-/g, " ");
}
