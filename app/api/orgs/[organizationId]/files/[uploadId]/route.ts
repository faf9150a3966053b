import { serveOrganizationFile } from "@/server/organizations/organization-files";

// An organization's file (its logo), public as a site's logo is (server/organizations/organization-files.ts).
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ organizationId: string; uploadId: string }> }) {
  const { organizationId, uploadId } = await params;
  return serveOrganizationFile(request, organizationId, uploadId);
}
