import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import Link from "next/link";

/** Also what another organization's pages answer: they "do not exist" for this user. */
export default function SignedInNotFound() {
  return (
    <main id={MAIN_CONTENT_ID} className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <p className="text-sm font-medium text-indigo-600">404</p>
        <h1 className="mt-2 text-xl font-semibold text-slate-900">Nothing here</h1>
        <p className="mt-2 text-sm text-slate-500">This page does not exist, or it belongs to an organization you are not a member of.</p>
        <Link href="/" className="mt-6 inline-block rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
          Back to Quire
        </Link>
      </div>
    </main>
  );
}
