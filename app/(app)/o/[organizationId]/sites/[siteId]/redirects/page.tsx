import type { Metadata } from "next";
import { RedirectsPage } from "@/components/sites/redirects/redirects-page";

export const metadata: Metadata = { title: "Redirects" };

export default async function SiteRedirects({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <RedirectsPage organizationId={organizationId} siteId={siteId} />;
}
