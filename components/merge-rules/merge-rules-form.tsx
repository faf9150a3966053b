"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { GitMerge } from "lucide-react";
import { SettingsActions } from "@/components/forms/settings-form-parts";
import { useSettingsForm } from "@/components/forms/use-settings-form";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ChoiceGroup } from "@/components/space/choice-group";
import { CheckboxField, TextField } from "@/components/ui/field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { organizationMergeRulesInput, spaceMergeRulesInput } from "@/server/reviews/merge-rules-schemas";

/**
 * The merge rules' settings: how many approvals a change request needs before it merges, whether
 * an approval stops counting once the change request changes, whether a standing request for
 * changes blocks, and whether every thread must be resolved first. An organization sets them
 * for all its spaces; a space follows them or sets its own. The server decides what they mean
 * (server/reviews/merge-rules.ts); this form only edits them.
 */

type Rules = { requiredApprovals: number; dismissStaleApprovals: boolean; blockOnChangesRequested: boolean; requireResolvedThreads: boolean };
type Flag = "true" | "false";
type Values = { mode: "inherit" | "own"; requiredApprovals: string; dismissStaleApprovals: Flag; blockOnChangesRequested: Flag; requireResolvedThreads: Flag };
const FIELDS = ["mode", "requiredApprovals", "dismissStaleApprovals", "blockOnChangesRequested", "requireResolvedThreads"] as const;
const flag = (value: boolean): Flag => (value ? "true" : "false");
const MAX_APPROVALS = 20;

const STALE_CHOICES = [
  { value: "true" as const, label: "Dismiss them", description: "An approval stops counting when the change request changes after it." },
  { value: "false" as const, label: "Keep them", description: "An approval counts until its reviewer reviews again." },
];
const MODE_CHOICES = (organization: Rules) => [
  { value: "inherit" as const, label: "The organization's rules", description: describeRules(organization) },
  { value: "own" as const, label: "This space's own rules", description: "Set below, for this space only." },
];

export function describeRules(rules: Rules): string {
  const approvals = `${rules.requiredApprovals} approval${rules.requiredApprovals === 1 ? "" : "s"}`;
  const parts = [
    rules.requiredApprovals === 0 ? "No approval needed to merge" : `${approvals} needed to merge; ${rules.dismissStaleApprovals ? "an edit dismisses approvals" : "approvals survive edits"}`,
    ...(rules.blockOnChangesRequested && rules.requiredApprovals === 0 ? ["requested changes block"] : []),
    ...(rules.requireResolvedThreads ? ["every thread resolved first"] : []),
  ];
  return `${parts.join("; ")}.`;
}

const valuesOfRules = (rules: Rules, mode: Values["mode"] = "own"): Values => ({
  mode,
  requiredApprovals: String(rules.requiredApprovals),
  dismissStaleApprovals: flag(rules.dismissStaleApprovals),
  blockOnChangesRequested: flag(rules.blockOnChangesRequested),
  requireResolvedThreads: flag(rules.requireResolvedThreads),
});

function validate(values: Values): Partial<Record<(typeof FIELDS)[number], string>> {
  if (values.mode === "inherit") return {};
  const text = values.requiredApprovals.trim();
  if (!/^\d{1,2}$/.test(text) || Number(text) > MAX_APPROVALS) return { requiredApprovals: `A whole number from 0 to ${MAX_APPROVALS}.` };
  return {};
}

const rulesOf = (values: Values): Rules => ({
  requiredApprovals: Number(values.requiredApprovals.trim()),
  dismissStaleApprovals: values.dismissStaleApprovals === "true",
  blockOnChangesRequested: values.blockOnChangesRequested === "true",
  requireResolvedThreads: values.requireResolvedThreads === "true",
});

function Heading({ id, of }: { id: string; of: "organization" | "space" }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <GitMerge aria-hidden className="size-4 text-slate-500" />
        Merge rules
      </h2>
      <p className="max-w-2xl text-sm text-slate-600">
        {of === "organization"
          ? "What every space's change requests need before they merge, unless a space sets its own. Approvals count from members with the review role on the space."
          : "What this space's change requests need before they merge. Approvals count from members with the review role on the space."}
      </p>
    </div>
  );
}

/** The fields both forms share: the number of approvals and what an edit does to them. */
function RuleFields({ values, set, errorFor }: { values: Values; set: <K extends keyof Values>(field: K, value: Values[K]) => void; errorFor: (field: keyof Values) => string | undefined }) {
  return (
    <>
      <div className="max-w-56">
        <TextField
          label="Required approvals"
          name="requiredApprovals"
          inputMode="numeric"
          value={values.requiredApprovals}
          onChange={(event) => set("requiredApprovals", event.target.value)}
          hint={`0 to ${MAX_APPROVALS}; 0 lets change requests merge without review.`}
          error={errorFor("requiredApprovals")}
        />
      </div>
      <ChoiceGroup
        legend="Approvals made before a change"
        name="dismissStaleApprovals"
        choices={STALE_CHOICES}
        value={values.dismissStaleApprovals}
        onChange={(value) => set("dismissStaleApprovals", value)}
        error={errorFor("dismissStaleApprovals")}
      />
      <CheckboxField
        label="Requested changes block the merge"
        name="blockOnChangesRequested"
        checked={values.blockOnChangesRequested === "true"}
        onChange={(event) => set("blockOnChangesRequested", flag(event.target.checked))}
        hint="Even when no approval is required, a reviewer's request for changes holds the merge until their next review. With approvals required, it always does."
        error={errorFor("blockOnChangesRequested")}
      />
      <CheckboxField
        label="All threads resolved"
        name="requireResolvedThreads"
        checked={values.requireResolvedThreads === "true"}
        onChange={(event) => set("requireResolvedThreads", flag(event.target.checked))}
        hint="Every comment thread on the change request, its pages and its blocks must be resolved before it merges. A review's own message does not count."
        error={errorFor("requireResolvedThreads")}
      />
    </>
  );
}

/** The organization's merge rules, for its admins (others are told the rules are the admins'). */
export function OrganizationMergeRules({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const rules = useQuery(trpc.mergeRules.getForOrganization.queryOptions({ organizationId }));
  if (rules.isPending) return <LoadingState label="Loading merge rules…" />;
  if (rules.isError) return <ErrorState message={errorMessage(rules.error)} onRetry={() => void rules.refetch()} />;
  return <OrganizationForm organizationId={organizationId} rules={rules.data} />;
}

function OrganizationForm({ organizationId, rules }: { organizationId: string; rules: Rules }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSettingsForm({
    record: rules,
    valuesOf: (record: Rules) => valuesOfRules(record),
    fields: FIELDS,
    patchOf: (values) => rulesOf(values),
    schema: organizationMergeRulesInput,
    validate,
    mutation: trpc.mergeRules.updateForOrganization.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.mergeRules.getForOrganization.queryKey({ organizationId }), updated);
        // Every space that inherits them, and every open review screen, now follows them.
        void queryClient.invalidateQueries({ queryKey: trpc.mergeRules.getForSpace.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.reviews.mergeStatus.pathKey() });
      },
    }),
    inputOf: (patch) => ({ organizationId, ...patch }),
  });
  return (
    <form onSubmit={form.submit} aria-labelledby="organization-merge-rules" className="space-y-6 rounded-lg border border-slate-200 p-4 sm:p-6">
      <Heading id="organization-merge-rules" of="organization" />
      <fieldset disabled={form.saving} className="space-y-6">
        <RuleFields values={form.values} set={form.set} errorFor={form.errorFor} />
      </fieldset>
      <SettingsActions form={form} />
    </form>
  );
}

type SpaceRules = {
  requiredApprovals: number | null;
  dismissStaleApprovals: boolean | null;
  blockOnChangesRequested: boolean | null;
  requireResolvedThreads: boolean | null;
  organization: Rules;
  effective: Rules & { inherited: boolean };
};

/** A space's merge rules, for its admins: the organization's, or its own. */
export function SpaceMergeRules({ spaceId }: { spaceId: string }) {
  const trpc = useTRPC();
  const rules = useQuery(trpc.mergeRules.getForSpace.queryOptions({ spaceId }));
  if (rules.isPending) return <LoadingState label="Loading merge rules…" />;
  if (rules.isError) return <ErrorState message={errorMessage(rules.error)} onRetry={() => void rules.refetch()} />;
  return <SpaceForm spaceId={spaceId} rules={rules.data} />;
}

function SpaceForm({ spaceId, rules }: { spaceId: string; rules: SpaceRules }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSettingsForm({
    record: rules,
    // A space that sets either rule shows as its own (the other then as it stands, from the organization).
    valuesOf: (record: SpaceRules) => valuesOfRules(record.effective, record.effective.inherited ? "inherit" : "own"),
    fields: FIELDS,
    patchOf: (values) =>
      values.mode === "inherit" ? { requiredApprovals: null, dismissStaleApprovals: null, blockOnChangesRequested: null, requireResolvedThreads: null } : rulesOf(values),
    schema: spaceMergeRulesInput,
    validate,
    mutation: trpc.mergeRules.updateForSpace.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.mergeRules.getForSpace.queryKey({ spaceId }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.reviews.mergeStatus.pathKey() });
      },
    }),
    inputOf: (patch) => ({ spaceId, ...patch }),
  });
  const { values, set } = form;
  return (
    <form onSubmit={form.submit} aria-labelledby="space-merge-rules" className="space-y-6">
      <Heading id="space-merge-rules" of="space" />
      <fieldset disabled={form.saving} className="space-y-6">
        <ChoiceGroup legend="Rules" name="mode" choices={MODE_CHOICES(rules.organization)} value={values.mode} onChange={(mode) => set("mode", mode)} />
        {values.mode === "own" && <RuleFields values={values} set={set} errorFor={form.errorFor} />}
      </fieldset>
      <SettingsActions form={form} />
    </form>
  );
}
