import type { Metadata } from "next";
import { MembersPage } from "@/components/people/members-page";

export const metadata: Metadata = { title: "Members" };

export default async function Members({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <MembersPage organizationId={organizationId} />;
}
