import type { Metadata } from "next";
import { VisitorSchemaPage } from "@/components/sites/conditions/visitor-schema-page";

export const metadata: Metadata = { title: "Visitor schema" };

export default async function SiteVisitorSchema({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <VisitorSchemaPage organizationId={organizationId} siteId={siteId} />;
}
