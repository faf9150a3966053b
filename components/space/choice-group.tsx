import clsx from "clsx";
import { useId } from "react";

type Choice<T extends string> = { value: T; label: string; description: string };

/** Radio buttons with a one-line explanation each; native radios keep arrow-key navigation. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={clsx(
              "flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-70",
              choice.value === value ? "border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500" : "border-slate-200 hover:border-slate-300",
            )}
          >
            <input
              type="radio"
              name={`${id}-${name}`}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 accent-indigo-600"
            />
            <span className="space-y-0.5">
              <span className="block font-medium text-slate-900">{choice.label}</span>
              <span className="block text-slate-600">{choice.description}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
