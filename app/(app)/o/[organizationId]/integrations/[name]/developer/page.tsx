import type { Metadata } from "next";
import { DeveloperPage } from "@/components/integrations/developer-page";

export const metadata: Metadata = { title: "Integration development" };

export default async function IntegrationDeveloper({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return <DeveloperPage name={decodeURIComponent(name)} />;
}
