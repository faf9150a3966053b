"use client";

import { SpaceFrame } from "@/components/content/space-frame";
import { ChangeRequestList, initialStatusOf } from "./change-request-list";

export function ChangeRequestsScreen({ organizationId, spaceId, status }: { organizationId: string; spaceId: string; status?: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="change-requests">
      {(space) => <ChangeRequestList space={space} organizationId={organizationId} initialStatus={initialStatusOf(status, space)} />}
    </SpaceFrame>
  );
}
