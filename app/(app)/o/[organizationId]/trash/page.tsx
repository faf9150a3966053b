import type { Metadata } from "next";
import { TrashList } from "@/components/trash/trash-list";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage({ params }: { params: Promise<{ organizationId: string }> }) {
  const { organizationId } = await params;
  return <TrashList organizationId={organizationId} />;
}
