import type { Metadata } from "next";
import { InvitesPage } from "@/components/people/invites-page";

export const metadata: Metadata = { title: "Invites" };

export default async function Invites({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <InvitesPage organizationId={organizationId} />;
}
