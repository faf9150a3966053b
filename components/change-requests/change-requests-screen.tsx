"use client";

import { SpaceFrame } from "@/components/content/space-frame";
import { ChangeRequestList } from "./change-request-list";
import { initialStatusOf } from "./list-status";

export function ChangeRequestsScreen({ organizationId, spaceId, status }: { organizationId: string; spaceId: string; status?: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="change-requests">
      {(space) => <ChangeRequestList space={space} organizationId={organizationId} initialStatus={initialStatusOf(status, space)} />}
    </SpaceFrame>
  );
}
