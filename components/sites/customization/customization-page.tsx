"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useId, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useSite } from "@/components/sites/list/use-site";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { useUnsavedWarning } from "@/components/ui/use-unsaved-warning";
import type { SiteCustomizationInput, SiteSpaceCustomizationOverride } from "@/server/sites/customization/schemas";
import { CustomizationForm, customizationForSave, customizationProblems, overrideOf, type Customization } from "./customization-form";
import { SitePreview, type PreviewMode } from "./site-preview";
import { siteSpaceChoices } from "./site-space-choices";

type Scope = { kind: "site" } | { kind: "site-space"; siteSpaceId: string };

/*
 * The service answers its settings as plain records and validates what it is sent field by field;
 * the form works on the reference's typed settings. These are the two crossings between them.
 */
const asCustomization = (settings: Record<string, unknown>) => settings as unknown as Customization;
const asInput = (customization: Customization) => customization as unknown as SiteCustomizationInput;

/**
 * A site's customization: the whole site's, or a variant's (site space) override of it. The form and
 * a live preview side by side (stacked on narrow screens); nothing is sent until Save.
 */
export function CustomizationPage({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const trpc = useTRPC();
  const site = useSite(organizationId, siteId);
  const structure = useQuery(trpc.siteStructure.get.queryOptions({ organizationId, siteId }));
  const [scope, setScope] = useState<Scope>({ kind: "site" });
  const scopeId = useId();
  const variants = structure.data ? siteSpaceChoices(structure.data) : [];

  if (site.isPending) return <LoadingState label="Loading the site…" />;
  if (site.isError) return <ErrorState message={errorMessage(site.error)} onRetry={() => void site.refetch()} />;
  const canEdit = site.data.permissions.admin;

  return (
    <section aria-labelledby="customization-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h2 id="customization-heading" className="text-xl font-semibold text-slate-900">
            Customization
          </h2>
          <p className="max-w-xl text-sm text-slate-600">How the published site looks: colors, fonts, header, footer and more. The preview follows your changes before you save them.</p>
          <p className="text-sm">
            <IntentLink href={`/o/${organizationId}/sites/${siteId}/customization/visitor-schema`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              Visitor schema (adaptive content)
            </IntentLink>
          </p>
        </div>
        {variants.length > 1 && (
          <div className="space-y-1">
            <label htmlFor={scopeId} className="block text-sm font-medium text-slate-700">
              Customize
            </label>
            <select
              id={scopeId}
              value={scope.kind === "site" ? "" : scope.siteSpaceId}
              onChange={(event) => setScope(event.target.value ? { kind: "site-space", siteSpaceId: event.target.value } : { kind: "site" })}
              className="block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus:border-indigo-500 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
            >
              <option value="">The whole site</option>
              {variants.map((variant) => (
                <option key={variant.id} value={variant.id}>
                  Variant: {variant.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {!canEdit && <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">Only the site&apos;s admins change its customization. You can look at it here.</p>}
      {scope.kind === "site" ? (
        <SiteCustomization key="site" organizationId={organizationId} siteId={siteId} canEdit={canEdit} />
      ) : (
        <VariantCustomization key={scope.siteSpaceId} organizationId={organizationId} siteId={siteId} siteSpaceId={scope.siteSpaceId} label={variants.find((variant) => variant.id === scope.siteSpaceId)?.label ?? "this variant"} canEdit={canEdit} />
      )}
    </section>
  );
}

function SiteCustomization({ organizationId, siteId, canEdit }: { organizationId: string; siteId: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const saved = useQuery(trpc.siteCustomization.get.queryOptions({ organizationId, siteId }));
  const save = useMutation(
    trpc.siteCustomization.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.siteCustomization.pathKey() });
        toast.success("Customization saved.");
      },
    }),
  );
  if (saved.isPending) return <LoadingState label="Loading the customization…" />;
  if (saved.isError) return <ErrorState message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />;
  return (
    <CustomizationEditor
      organizationId={organizationId}
      siteId={siteId}
      saved={asCustomization(saved.data)}
      canEdit={canEdit}
      saving={save.isPending}
      saveError={save.error ? errorMessage(save.error) : undefined}
      onSave={(customization) => save.mutate({ organizationId, siteId, customization: asInput(customizationForSave(customization)) })}
    />
  );
}

function VariantCustomization({ organizationId, siteId, siteSpaceId, label, canEdit }: { organizationId: string; siteId: string; siteSpaceId: string; label: string; canEdit: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const saved = useQuery(trpc.siteCustomization.getForSiteSpace.queryOptions({ organizationId, siteId, siteSpaceId }));
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.siteCustomization.pathKey() });
  const override = useMutation(trpc.siteCustomization.overrideForSiteSpace.mutationOptions({ onSuccess: async () => { await invalidate(); toast.success(`${label} now has its own customization.`); } }));
  const reset = useMutation(
    trpc.siteCustomization.resetForSiteSpace.mutationOptions({
      onSuccess: async () => {
        await invalidate();
        setConfirmingReset(false);
        toast.success(`${label} follows the site's customization again.`);
      },
    }),
  );
  if (saved.isPending) return <LoadingState label="Loading the variant's customization…" />;
  if (saved.isError) return <ErrorState message={errorMessage(saved.error)} onRetry={() => void saved.refetch()} />;
  const hasOverrides = saved.data.hasOverrides;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
        <p role="status" className="text-sm text-slate-700">
          {hasOverrides ? (
            <>
              <strong className="font-semibold text-slate-900">{label}</strong> has its own customization.
            </>
          ) : (
            <>
              <strong className="font-semibold text-slate-900">{label}</strong> follows the site&apos;s customization. Saving here gives it its own.
            </>
          )}
        </p>
        {hasOverrides && canEdit && (
          <Button variant="secondary" onClick={() => setConfirmingReset(true)}>
            Reset to the site&apos;s
          </Button>
        )}
      </div>
      <CustomizationEditor
        organizationId={organizationId}
        siteId={siteId}
        siteSpaceId={siteSpaceId}
        saved={asCustomization(saved.data)}
        canEdit={canEdit}
        saveLabel={hasOverrides ? "Save" : "Override for this variant"}
        saving={override.isPending}
        saveError={override.error ? errorMessage(override.error) : undefined}
        onSave={(customization) => override.mutate({ organizationId, siteId, siteSpaceId, customization: overrideOf(customization, asCustomization(saved.data)) as SiteSpaceCustomizationOverride })}
      />
      <Dialog open={confirmingReset} onClose={() => setConfirmingReset(false)} title="Reset this variant's customization?">
        <p className="text-sm text-slate-600">
          <strong className="text-slate-900">{label}</strong> loses its own colors, header, footer and other settings, and looks like the rest of the site again.
        </p>
        <ConfirmActions error={reset.error ? errorMessage(reset.error) : undefined} pending={reset.isPending} confirmLabel="Reset" onCancel={() => setConfirmingReset(false)} onConfirm={() => reset.mutate({ organizationId, siteId, siteSpaceId })} />
      </Dialog>
    </div>
  );
}

/** The form and its preview over a saved customization, with Discard and Save while it differs. */
function CustomizationEditor({
  organizationId,
  siteId,
  siteSpaceId,
  saved,
  canEdit,
  saveLabel = "Save",
  saving,
  saveError,
  onSave,
}: {
  organizationId: string;
  siteId: string;
  /** The variant whose own customization this is; absent: the whole site's. */
  siteSpaceId?: string;
  saved: Customization;
  canEdit: boolean;
  saveLabel?: string;
  saving: boolean;
  saveError?: string;
  onSave: (customization: Customization) => void;
}) {
  const [draft, setDraft] = useState(saved);
  const [mode, setMode] = useState<PreviewMode>(saved.themes.default === "dark" ? "dark" : "light");
  // A save (or another tab's) brings a new saved value: the form starts over from it.
  useEffect(() => setDraft(saved), [saved]);
  const dirty = JSON.stringify(customizationForSave(draft)) !== JSON.stringify(customizationForSave(saved));
  const problems = customizationProblems(draft);
  useUnsavedWarning(dirty);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form
        noValidate
        aria-label="Customization"
        className="min-w-0 space-y-6 lg:order-first"
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty && problems.length === 0) onSave(draft);
        }}
      >
        <CustomizationForm organizationId={organizationId} value={draft} onChange={setDraft} disabled={!canEdit || saving} variant={siteSpaceId !== undefined} />
        {canEdit && (
          <div className="sticky bottom-0 z-10 -mx-1 space-y-2 border-t border-slate-200 bg-white px-1 py-3">
            {problems.length > 0 && (
              <ul aria-label="To fix before saving" className="list-disc space-y-0.5 pl-5 text-sm text-red-700">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {saveError && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
                {saveError}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-end gap-2">
              <p className="mr-auto text-sm text-slate-600">{dirty ? "Unsaved changes" : "All changes saved"}</p>
              <Button variant="secondary" disabled={!dirty || saving} onClick={() => setDraft(saved)}>
                Discard changes
              </Button>
              <Button type="submit" loading={saving} disabled={!dirty || problems.length > 0}>
                {saveLabel}
              </Button>
            </div>
          </div>
        )}
      </form>
      <div className="order-first min-w-0 lg:order-none">
        <div role="region" aria-label="Live preview of the site" className="lg:sticky lg:top-4">
          <SitePreview organizationId={organizationId} siteId={siteId} siteSpaceId={siteSpaceId} customization={draft} valid={problems.length === 0} mode={mode} onModeChange={setMode} />
        </div>
      </div>
    </div>
  );
}
