import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import { KeyRound } from "lucide-react";

/** Shown instead of an organization to a member its SSO rule keeps out (server/policies/sso.ts). */
export function SsoRequired({ title, entries, callbackUrl }: { title: string; entries: { id: string; label: string; startURL: string }[]; callbackUrl: string }) {
  return (
    <main id={MAIN_CONTENT_ID} className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <span aria-hidden className="mx-auto grid size-10 place-items-center rounded-full bg-indigo-50 text-indigo-700">
          <KeyRound className="size-5" />
        </span>
        <h1 className="text-lg font-semibold text-slate-900">{title} requires single sign-on</h1>
        <p className="text-sm text-slate-600">Sign in through your organization&apos;s identity provider to open it.</p>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-500">It has no identity provider yet: ask one of its admins.</p>
        ) : (
          <ul className="space-y-2">
            {entries.map((entry) => (
              <li key={entry.id}>
                <a
                  href={`${entry.startURL}?callbackUrl=${encodeURIComponent(callbackUrl)}`}
                  className="block rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-500"
                >
                  Sign in with {entry.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
