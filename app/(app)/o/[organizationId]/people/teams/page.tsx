import type { Metadata } from "next";
import { TeamsPage } from "@/components/people/teams-page";

export const metadata: Metadata = { title: "Teams" };

export default async function Teams({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <TeamsPage organizationId={organizationId} />;
}
