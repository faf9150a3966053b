import type { Metadata } from "next";
import { AccessPage } from "@/components/sites/access/access-page";

export const metadata: Metadata = { title: "Access" };

export default async function SiteAccess({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <AccessPage organizationId={organizationId} siteId={siteId} />;
}
