import type { ReactNode } from "react";
import { pageRead } from "@/server/auth/page-read";
import { getChangeRequest } from "@/server/change-requests/queries";

/** A change request's review and editor: one that does not exist answers 404. */
export default async function ChangeRequestLayout({ children, params }: { children: ReactNode; params: Promise<{ spaceId: string; number: string }> }) {
  const { spaceId, number } = await params;
  await pageRead((ctx) => getChangeRequest(ctx, spaceId, number));
  return children;
}
