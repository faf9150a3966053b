"use client";

import { signIn } from "next-auth/react";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { safeCallbackUrl } from "./safe-callback-url";
import { SSO_MESSAGES } from "./sso-messages";

/** Turns the ticket the ACS left into a session, once, then goes where the sign-in was headed. */
export function CompleteSsoSignIn({ callbackUrl }: { callbackUrl?: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A ticket is redeemed once: never twice, even when React runs effects twice.
    if (started.current) return;
    started.current = true;
    const target = safeCallbackUrl(callbackUrl, window.location.origin);
    signIn("saml", { redirect: false, callbackUrl: target })
      .then((result) => {
        if (result?.ok && !result.error) window.location.assign(target);
        else setFailure(SSO_MESSAGES.expired!);
      })
      .catch(() => setFailure("Could not reach Quire. Check your connection and try again."));
  }, [callbackUrl]);

  if (failure) {
    return (
      <div className="space-y-4">
        <h1 className="text-lg font-semibold text-slate-900">Single sign-on did not complete</h1>
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
        <IntentLink href="/login" className="inline-block text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          Back to sign in
        </IntentLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 py-4" role="status">
      <Spinner className="size-6" />
      <h1 className="text-base font-medium text-slate-900">Signing you in…</h1>
    </div>
  );
}
