/** What the sign-in page says when single sign-on sent the user back (`/login?sso=…`, server/sso/http.ts). */
export const SSO_MESSAGES: Record<string, string> = {
  invalid: "Single sign-on failed: your identity provider's answer could not be verified. Try again, or ask an administrator to check the provider's settings.",
  replayed: "That sign-in was already used. Please sign in again.",
  not_linked:
    "An account with your email exists already and is not set up for single sign-on in this organization. Sign in with your password, or ask an admin of the organization to allow single sign-on for your account.",
  disabled: "Your account is disabled. Ask an administrator.",
  unavailable: "This single sign-on is not available any more. Ask an administrator of your organization.",
  failed: "Single sign-on failed. Please try again.",
  expired: "Your single sign-on took too long or was already completed. Please sign in again.",
};

export function ssoMessage(code: string | undefined): string | undefined {
  return code === undefined ? undefined : (SSO_MESSAGES[code] ?? SSO_MESSAGES.failed);
}
