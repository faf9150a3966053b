import type { Metadata } from "next";
import { AuditLog } from "@/components/people/audit-log";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <AuditLog organizationId={organizationId} />;
}
