import type { Metadata } from "next";
import { OrganizationMergeRules } from "@/components/merge-rules/merge-rules-form";

export const metadata: Metadata = { title: "Merge rules" };

export default async function MergeRulesPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <OrganizationMergeRules organizationId={organizationId} />;
}
