import type { Metadata } from "next";
import { CatalogPage } from "@/components/integrations/catalog-page";

export const metadata: Metadata = { title: "Integrations" };

export default async function Integrations({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <CatalogPage organizationId={organizationId} />;
}
