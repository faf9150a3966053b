import { ssoBaseUrl } from "@/server/sso/http";
import { getServiceProviderMetadata } from "@/server/sso/queries";

/** The organization's service provider entity ID, which answers with its SAML metadata. */
export async function GET(request: Request, { params }: { params: Promise<{ organizationId: string }> }): Promise<Response> {
  const { organizationId } = await params;
  const metadata = await getServiceProviderMetadata(ssoBaseUrl(request), organizationId);
  if (metadata === null) return new Response("No such organization.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(metadata, { headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8" } });
}
