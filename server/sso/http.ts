import { requestPublicOrigin } from "../http/public-origin";
import type { SsoRefusalReason } from "./consume-response";

/** The origin SAML names Quire's side with: the configured public URL (set it behind a proxy), else the request's. */
export function ssoBaseUrl(request: Request): string {
  return requestPublicOrigin(request);
}

/** Why the sign-in page is shown again after a single sign-on: the reasons of SsoRefusal, and the provider being gone or failing. */
export type SsoOutcome = SsoRefusalReason | "unavailable" | "failed";

/** Back to the sign-in page, which says in its own words why (components/auth/sso-messages.ts). */
export function backToSignIn(baseUrl: string, outcome: SsoOutcome): Response {
  return new Response(null, { status: 303, headers: { Location: `${baseUrl}/login?sso=${outcome}`, "Cache-Control": "no-store" } });
}
