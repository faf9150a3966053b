import { BODY_LIMITS, readBody } from "@/server/http/read-body";
import { consumeSamlResponse, SsoRefusal } from "@/server/sso/consume-response";
import { backToSignIn, ssoBaseUrl } from "@/server/sso/http";
import { SSO_TICKET_COOKIE, SSO_TICKET_LIFETIME_MS } from "@/server/sso/tickets";

/**
 * The organization's Assertion Consumer Service: the identity provider's answer, posted by the
 * browser. Verified, it leaves a one-time ticket in an HttpOnly cookie and sends the browser to
 * /sso/complete, where next-auth's `saml` sign-in redeems it; refused, back to the sign-in page,
 * which says why in its own words (the details are logged, never shown).
 */
export async function POST(request: Request, { params }: { params: Promise<{ organizationId: string }> }): Promise<Response> {
  const baseUrl = ssoBaseUrl(request);
  const { organizationId } = await params;
  try {
    const form = new URLSearchParams(new TextDecoder().decode(await readBody(request, BODY_LIMITS.saml)));
    const signIn = await consumeSamlResponse(organizationId, { SAMLResponse: form.get("SAMLResponse") ?? undefined }, baseUrl);
    const secure = baseUrl.startsWith("https:") ? "; Secure" : "";
    return new Response(null, {
      status: 303,
      headers: {
        Location: `${baseUrl}/sso/complete?callbackUrl=${encodeURIComponent(signIn.callbackPath)}`,
        "Set-Cookie": `${SSO_TICKET_COOKIE}=${signIn.ticket}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SSO_TICKET_LIFETIME_MS / 1000}${secure}`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof SsoRefusal) {
      console.warn(`Single sign-on to organization ${organizationId} refused: ${error.message}`);
      return backToSignIn(baseUrl, error.reason);
    }
    console.error(`Single sign-on to organization ${organizationId} failed:`, error);
    return backToSignIn(baseUrl, "failed");
  }
}
