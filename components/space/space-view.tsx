"use client";

import { SpaceFrame } from "@/components/content/space-frame";
import { SpaceMergeRules } from "@/components/merge-rules/merge-rules-form";
import { SpacePagesList } from "./space-pages-list";
import { SpaceSettingsForm } from "./space-settings-form";

/** A space's settings tab: its settings, its merge rules (for its admins) and its pages. */
export function SpaceView({ organizationId, spaceId }: { organizationId: string; spaceId: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="settings">
      {(space) => (
        <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="space-y-8">
            <div className="rounded-lg border border-slate-200 p-4 sm:p-6">
              <SpaceSettingsForm space={space} />
            </div>
            {/* The rules are the space admins' to see and change; others meet them on a change request's review screen. */}
            {space.permissions.admin && (
              <div className="rounded-lg border border-slate-200 p-4 sm:p-6">
                <SpaceMergeRules spaceId={spaceId} />
              </div>
            )}
          </div>
          <SpacePagesList spaceId={spaceId} />
        </div>
      )}
    </SpaceFrame>
  );
}
