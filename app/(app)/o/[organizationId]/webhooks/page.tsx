import type { Metadata } from "next";
import { WebhooksPage } from "@/components/webhooks/webhooks-page";

export const metadata: Metadata = { title: "Webhooks" };

export default async function OrganizationWebhooksPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <WebhooksPage organizationId={organizationId} />;
}
