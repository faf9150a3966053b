"use client";

import { SpaceFrame } from "@/components/content/space-frame";
import { InstalledHere } from "./installed-here";

/** A space's Integrations tab. */
export function SpaceIntegrations({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="integrations">
      {(space) => <InstalledHere kind="space" organizationId={organizationId} targetId={space.id} />}
    </SpaceFrame>
  );
}
