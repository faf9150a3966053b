import type { ReactNode } from "react";
import { IntegrationFrame } from "@/components/integrations/integration-frame";

/** An integration's pages: Overview, and for its own admins Events and Development, under its header. */
export default async function IntegrationLayout({ children, params }: { children: ReactNode; params: Promise<{ organizationId: string; name: string }> }) {
  const { organizationId, name } = await params;
  return (
    <IntegrationFrame organizationId={organizationId} name={decodeURIComponent(name)}>
      {children}
    </IntegrationFrame>
  );
}
