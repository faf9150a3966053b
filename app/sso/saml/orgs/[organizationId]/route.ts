import { db } from "@/server/db/client";
import { entityIdSchema } from "@/server/ids";
import { ssoBaseUrl } from "@/server/sso/http";
import { serviceProviderMetadata } from "@/server/sso/saml";

/** The organization's service provider entity ID, which answers with its SAML metadata. */
export async function GET(request: Request, { params }: { params: Promise<{ organizationId: string }> }): Promise<Response> {
  const { organizationId } = await params;
  const exists = entityIdSchema.safeParse(organizationId).success && (await db().organization.count({ where: { id: organizationId, deletedAt: null } })) > 0;
  if (!exists) return new Response("No such organization.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(serviceProviderMetadata(ssoBaseUrl(request), organizationId), {
    headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8" },
  });
}
