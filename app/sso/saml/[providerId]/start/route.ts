import { safeCallbackUrl } from "@/components/auth/safe-callback-url";
import { AppError } from "@/server/errors";
import { entityIdSchema } from "@/server/ids";
import { backToSignIn, ssoBaseUrl } from "@/server/sso/http";
import { startSamlSignIn } from "@/server/sso/start-sign-in";

/** A provider's `service.startURL`: sends the browser to the identity provider with a sign-in request. */
export async function GET(request: Request, { params }: { params: Promise<{ providerId: string }> }): Promise<Response> {
  const baseUrl = ssoBaseUrl(request);
  const { providerId } = await params;
  const callbackUrl = new URL(request.url).searchParams.get("callbackUrl");
  if (!entityIdSchema.safeParse(providerId).success) return backToSignIn(baseUrl, "unavailable");
  try {
    const location = await startSamlSignIn(providerId, baseUrl, callbackUrl ? safeCallbackUrl(callbackUrl, baseUrl) : undefined);
    return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return backToSignIn(baseUrl, "unavailable");
    console.error("Could not start a single sign-on:", error);
    return backToSignIn(baseUrl, "failed");
  }
}
