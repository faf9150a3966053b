import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Wordmark } from "@/components/auth/wordmark";
import { safeCallbackUrl } from "@/components/auth/safe-callback-url";
import { pageActor } from "@/server/auth/request-actor";
import { configuredPublicUrl } from "@/server/config";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { callbackUrl } = await searchParams;
  const callback = typeof callbackUrl === "string" ? callbackUrl : undefined;
  // Already signed in: nothing to do here. Without a configured origin only relative targets pass.
  if (await pageActor()) redirect(safeCallbackUrl(callback, configuredPublicUrl() ?? "http://quire.invalid"));

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="mb-1 text-lg font-semibold text-slate-900">Sign in to Quire</h1>
          <p className="mb-6 text-sm text-slate-500">Use the email and password of your Quire account.</p>
          <SignInForm callbackUrl={callback} />
        </div>
      </div>
    </main>
  );
}
