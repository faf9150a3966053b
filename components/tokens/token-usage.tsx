import { CopyButton } from "./copy-button";

/** How to call the API with a token; `origin` is where this Quire is served. */
export function TokenUsage({ origin }: { origin: string }) {
  const command = `curl -H "Authorization: Bearer <token>" ${origin}/v1/user`;
  return (
    <section aria-labelledby="token-usage-title" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="token-usage-title" className="text-sm font-semibold text-slate-900">
        How to use
      </h2>
      <p className="text-sm text-slate-600">
        Send the token in the <code className="font-mono text-xs">Authorization</code> header of requests to the <code className="font-mono text-xs">/v1</code> API. It acts with
        your permissions.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {/* Focusable, so that keyboard users can scroll a command wider than the screen. */}
        <pre tabIndex={0} className="min-w-0 flex-1 overflow-x-auto rounded-md bg-slate-900 px-3 py-2 font-mono text-sm text-slate-50">
          <code>{command}</code>
        </pre>
        <CopyButton text={command} />
      </div>
    </section>
  );
}
