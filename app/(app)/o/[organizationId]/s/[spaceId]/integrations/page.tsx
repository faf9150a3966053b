import type { Metadata } from "next";
import { SpaceIntegrations } from "@/components/integrations/space-integrations";

export const metadata: Metadata = { title: "Integrations" };

/** The integrations installed on the space. */
export default async function SpaceIntegrationsPage({ params }: { params: Promise<{ organizationId: string; spaceId: string }> }) {
  const { organizationId, spaceId } = await params;
  return <SpaceIntegrations organizationId={organizationId} spaceId={spaceId} />;
}
