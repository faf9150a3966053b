import type { Metadata } from "next";
import { OverviewPage } from "@/components/integrations/overview-page";

export const metadata: Metadata = { title: "Integration" };

export default async function Integration({ params }: { params: Promise<{ organizationId: string; name: string }> }) {
  const { organizationId, name } = await params;
  return <OverviewPage organizationId={organizationId} name={decodeURIComponent(name)} />;
}
