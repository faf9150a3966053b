import clsx from "clsx";

/** A switch between a few views: toggle buttons (aria-pressed) in a labelled group, each one Tab stop with Space/Enter. */
export function ToggleGroup<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex max-w-full flex-wrap rounded-md border border-slate-300 bg-white p-0.5 text-sm">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={clsx("rounded px-3 py-1 font-medium", value === option.value ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100")}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
