import clsx from "clsx";

/** The Quire name with its mark; decorative mark, the text is the accessible name. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900", className)}>
      <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-indigo-600 text-base font-bold text-white">
        Q
      </span>
      <span className="text-xl">Quire</span>
    </span>
  );
}
