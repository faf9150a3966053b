import type { Metadata } from "next";
import { ChangeRequestEditorScreen } from "@/components/editor/change-request-editor";

type Params = Promise<{ organizationId: string; spaceId: string; number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { number } = await params;
  return { title: `Edit change request #${number}` };
}

export default async function EditChangeRequestPage({ params }: { params: Params }) {
  const { organizationId, spaceId, number } = await params;
  return <ChangeRequestEditorScreen organizationId={organizationId} spaceId={spaceId} number={number} />;
}
