import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import type { Metadata } from "next";
import { CompleteSsoSignIn } from "@/components/auth/complete-sso-sign-in";
import { Wordmark } from "@/components/auth/wordmark";

export const metadata: Metadata = { title: "Signing in" };

/** Where the ACS sends the browser: next-auth's `saml` sign-in redeems the ticket it left in a cookie. */
export default async function CompleteSsoPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { callbackUrl } = await searchParams;
  return (
    <main id={MAIN_CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm space-y-6">
        <div className="flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <CompleteSsoSignIn callbackUrl={typeof callbackUrl === "string" ? callbackUrl : undefined} />
        </div>
      </div>
    </main>
  );
}
