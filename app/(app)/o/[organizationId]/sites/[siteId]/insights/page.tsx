import type { Metadata } from "next";
import { InsightsPage } from "@/components/sites/insights/insights-page";

export const metadata: Metadata = { title: "Insights" };

export default async function SiteInsights({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <InsightsPage organizationId={organizationId} siteId={siteId} />;
}
