import { MAIN_CONTENT_ID } from "@/components/ui/skip-link";
import type { Metadata } from "next";
import { Wordmark } from "@/components/auth/wordmark";
import { PasswordResetForm } from "@/components/auth/password-reset-form";
import { describePasswordReset } from "@/server/members/complete-password-reset";

export const metadata: Metadata = { title: "Set a new password" };
export const dynamic = "force-dynamic";

/** The page a mailed reset link opens (the link's token is the credential): set a new password, then sign in. */
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await describePasswordReset(token);
  return (
    <main id={MAIN_CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Wordmark />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {reset ? (
            <>
              <h1 className="mb-1 text-lg font-semibold text-slate-900">Set a new password</h1>
              <p className="mb-6 text-sm text-slate-600">An admin of {reset.organization} reset the password of {reset.email}. Choose a new one to sign in again.</p>
              <PasswordResetForm token={token} email={reset.email} />
            </>
          ) : (
            <div role="alert" className="space-y-1">
              <h1 className="text-lg font-semibold text-slate-900">This link does not work</h1>
              <p className="text-sm text-slate-600">It is wrong, was used already, or has expired. Ask an admin of your organization to reset your password again.</p>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
