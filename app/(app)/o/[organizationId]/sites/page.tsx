import type { Metadata } from "next";
import { SitesPage } from "@/components/sites/list/sites-page";

export const metadata: Metadata = { title: "Sites" };

export default async function Sites({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <SitesPage organizationId={organizationId} />;
}
