import clsx from "clsx";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2 text-slate-500">
      <span aria-hidden className={clsx("inline-block animate-spin rounded-full border-2 border-current border-t-transparent", className ?? "size-5")} />
      {label && <span className="text-sm">{label}</span>}
    </span>
  );
}
