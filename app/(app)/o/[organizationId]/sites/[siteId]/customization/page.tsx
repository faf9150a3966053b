import type { Metadata } from "next";
import { CustomizationPage } from "@/components/sites/customization/customization-page";

export const metadata: Metadata = { title: "Customization" };

export default async function SiteCustomization({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <CustomizationPage organizationId={organizationId} siteId={siteId} />;
}
