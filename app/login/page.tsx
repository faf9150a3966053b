import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Wordmark } from "@/components/auth/wordmark";
import { safeCallbackUrl } from "@/components/auth/safe-callback-url";
import { SsoSignIn } from "@/components/auth/sso-sign-in";
import { ssoMessage } from "@/components/auth/sso-messages";
import { pageActor } from "@/server/auth/request-actor";
import { configuredPublicUrl } from "@/server/config";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { callbackUrl, sso } = await searchParams;
  const callback = typeof callbackUrl === "string" ? callbackUrl : undefined;
  const ssoFailure = ssoMessage(typeof sso === "string" ? sso : undefined);
  // Already signed in: nothing to do here. Without a configured origin only relative targets pass.
  if (await pageActor()) redirect(safeCallbackUrl(callback, configuredPublicUrl() ?? "http://quire.invalid"));

  return (
    <main id={MAIN_CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="mb-1 text-lg font-semibold text-slate-900">Sign in to Quire</h1>
          <p className="mb-6 text-sm text-slate-500">Use the email and password of your Quire account, or your organization&apos;s single sign-on.</p>
          {ssoFailure && (
            <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {ssoFailure}
            </p>
          )}
          <SignInForm callbackUrl={callback} />
          <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden>
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          {/* The start URL keeps only targets in this app (safeCallbackUrl). */}
          <SsoSignIn callbackUrl={callback ?? "/"} />
        </div>
      </div>
    </main>
  );
}
