import type { Metadata } from "next";
import { LiveEditorScreen } from "@/components/editor/live-editor";

type Params = Promise<{ organizationId: string; spaceId: string }>;

export const metadata: Metadata = { title: "Edit live" };

export default async function LiveEditPage({ params }: { params: Params }) {
  const { organizationId, spaceId } = await params;
  return <LiveEditorScreen organizationId={organizationId} spaceId={spaceId} />;
}
