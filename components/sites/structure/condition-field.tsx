"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConditionEditor } from "@/components/sites/conditions/condition-editor";
import type { AdaptiveSchema } from "@/server/sites/conditions";

/**
 * The "Condition" of a section or variant (empty: always shown), checked and completed against the
 * site's visitor schema as it is typed; `error` is the service's answer on save (the position it names).
 */
export function ConditionField({ organizationId, siteId, value, onChange, error }: { organizationId: string; siteId: string; value: string | null; onChange: (value: string | null) => void; error?: string }) {
  const trpc = useTRPC();
  const schema = useQuery({ ...trpc.siteAdaptive.getSchema.queryOptions({ organizationId, siteId }), staleTime: 60_000 });
  return (
    <div className="space-y-1">
      <ConditionEditor organizationId={organizationId} siteId={siteId} value={value} onChange={onChange} schema={(schema.data?.jsonSchema as AdaptiveSchema | undefined) ?? null} />
      {error && <p className="text-sm text-red-600">{error}</p>}
    </div>
  );
}
