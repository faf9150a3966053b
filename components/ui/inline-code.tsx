import type { ReactNode } from "react";

/** Code within a sentence (a path, an expression, a request): dark on light grey, legible in both themes. */
export function InlineCode({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-800">{children}</code>;
}
