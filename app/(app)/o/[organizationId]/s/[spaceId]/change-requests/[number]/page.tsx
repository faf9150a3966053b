import type { Metadata } from "next";
import { ChangeRequestReviewScreen } from "@/components/change-requests/change-request-review";

type Params = Promise<{ organizationId: string; spaceId: string; number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { number } = await params;
  return { title: `Change request #${number}` };
}

export default async function ChangeRequestPage({ params }: { params: Params }) {
  const { organizationId, spaceId, number } = await params;
  return <ChangeRequestReviewScreen organizationId={organizationId} spaceId={spaceId} number={number} />;
}
