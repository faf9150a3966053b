import type { Metadata } from "next";
import { StructureEditor } from "@/components/sites/structure/structure-editor";

export const metadata: Metadata = { title: "Site structure" };

export default async function SiteStructurePage({ params }: { params: Promise<{ organizationId: string; siteId: string }> }) {
  const { organizationId, siteId } = await params;
  return <StructureEditor organizationId={organizationId} siteId={siteId} />;
}
