import type { Metadata } from "next";
import { ChangeRequestsScreen } from "@/components/change-requests/change-requests-screen";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "Change requests" };

export default async function ChangeRequestsPage({ params, searchParams }: { params: Params; searchParams: Promise<{ status?: string | string[] }> }) {
  const { organizationId, spaceId } = await params;
  const { status } = await searchParams;
  return <ChangeRequestsScreen organizationId={organizationId} spaceId={spaceId} status={typeof status === "string" ? status : undefined} />;
}
