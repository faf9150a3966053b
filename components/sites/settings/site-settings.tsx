"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { ConfirmActions } from "@/components/ui/confirm-actions";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { formErrors, sitesHref, VISIBILITIES, type SiteObject, type SiteVisibility } from "../list/site-model";
import { useSite, useSiteChanged } from "../list/use-site";
import { Switch } from "./switch";

const FIELDS = ["title", "visibility", "basename", "hostname", "proxy", "adaptiveContent", "agentsContext"] as const;
type FieldName = (typeof FIELDS)[number];

type Values = { title: string; visibility: SiteVisibility; basename: string; hostname: string; proxy: string; adaptiveContent: boolean; agentsIncluded: boolean };

function valuesOf(site: SiteObject): Values {
  return {
    title: site.title,
    visibility: site.visibility as SiteVisibility,
    basename: site.basename ?? "",
    hostname: site.hostname ?? "",
    proxy: site.proxy?.origin ?? "",
    adaptiveContent: site.adaptiveContent?.enabled ?? false,
    agentsIncluded: site.agentsContext !== "excluded",
  };
}

/** What is plainly missing, before anything is sent; the service checks the rest and names the field. */
function problems(values: Values): Partial<Record<FieldName, string>> {
  const out: Partial<Record<FieldName, string>> = {};
  const title = values.title.trim();
  if (title.length < 2 || title.length > 128) out.title = title ? "Between 2 and 128 characters." : "Give the site a title.";
  const basename = values.basename.trim();
  if (!basename) out.basename = "The site needs a base name: its address is built from it.";
  return out;
}

/** A site's settings: admins change them and may delete the site; others read them. */
export function SiteSettings({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  const site = useSite(organizationId, siteId);
  // The layout shows the site's loading and error states; this page renders once it is there.
  if (!site.data) return null;
  const key = JSON.stringify(valuesOf(site.data));
  return (
    <div className="space-y-8">
      <SettingsForm key={key} organizationId={organizationId} site={site.data} />
      {site.data.permissions.admin && <DeleteSite organizationId={organizationId} site={site.data} />}
    </div>
  );
}

function SettingsForm({ organizationId, site }: { organizationId: string; site: SiteObject }) {
  const trpc = useTRPC();
  const toast = useToast();
  const changed = useSiteChanged();
  const initial = valuesOf(site);
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const update = useMutation(
    trpc.sites.update.mutationOptions({
      onSuccess: async (next) => {
        await changed(organizationId, next);
        toast.success("Settings saved.");
      },
    }),
  );
  const readOnly = !site.permissions.admin;
  const local = touched ? problems(values) : {};
  const { errorOf, formError } = formErrors(local, update.error, FIELDS);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(problems(values)).length > 0) return;
    const hostname = values.hostname.trim() || null;
    const proxy = values.proxy.trim() || null;
    // Only what changed is sent: a field the caller did not touch is never rewritten.
    update.mutate({
      organizationId,
      siteId: site.id,
      ...(values.title.trim() !== initial.title ? { title: values.title.trim() } : {}),
      ...(values.visibility !== initial.visibility ? { visibility: values.visibility } : {}),
      ...(values.basename.trim() !== initial.basename ? { basename: values.basename.trim() } : {}),
      ...(hostname !== (initial.hostname || null) ? { hostname } : {}),
      ...(proxy !== (initial.proxy || null) ? { proxy } : {}),
      ...(values.adaptiveContent !== initial.adaptiveContent ? { adaptiveContent: { enabled: values.adaptiveContent } } : {}),
      ...(values.agentsIncluded !== initial.agentsIncluded ? { agentsContext: values.agentsIncluded ? ("included" as const) : ("excluded" as const) } : {}),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="site-settings-heading" className="space-y-6">
      <div className="space-y-1">
        <h2 id="site-settings-heading" className="text-xl font-semibold text-slate-900">
          Settings
        </h2>
        <p className="text-sm text-slate-600">{readOnly ? "Only admins of the site change its settings." : "Changes apply as soon as you save them, published or not."}</p>
      </div>
      <fieldset disabled={readOnly || update.isPending} className="grid gap-5 md:grid-cols-2">
        <TextField label="Title" maxLength={128} value={values.title} onChange={(event) => set("title", event.target.value)} error={errorOf("title")} />
        <SelectField
          label="Visibility"
          value={values.visibility}
          onChange={(event) => set("visibility", event.target.value as SiteVisibility)}
          options={VISIBILITIES.map(({ value, label }) => ({ value, label }))}
          hint={VISIBILITIES.find((entry) => entry.value === values.visibility)?.description}
          error={errorOf("visibility")}
        />
        <TextField
          label="Base name"
          maxLength={100}
          value={values.basename}
          onChange={(event) => set("basename", event.target.value)}
          hint={`Published at /${values.basename.trim() || "…"} of this Quire's address.`}
          error={errorOf("basename")}
          spellCheck={false}
        />
        <TextField
          label="Custom hostname"
          maxLength={512}
          placeholder="docs.example.com"
          value={values.hostname}
          onChange={(event) => set("hostname", event.target.value)}
          hint="Serve the site on a domain of your own; leave empty to use the base name."
          error={errorOf("hostname")}
          spellCheck={false}
        />
        <TextField
          label="Proxy"
          maxLength={512}
          placeholder="example.com/docs"
          value={values.proxy}
          onChange={(event) => set("proxy", event.target.value)}
          hint="When another site of yours serves this one under a path of its domain."
          error={errorOf("proxy")}
          spellCheck={false}
        />
        <div className="space-y-4 md:col-span-2">
          <Switch
            label="Adaptive content"
            description="Show sections and variants to visitors according to conditions on their claims."
            checked={values.adaptiveContent}
            onChange={(checked) => set("adaptiveContent", checked)}
            error={errorOf("adaptiveContent")}
          />
          <Switch
            label="Let AI agents read the site"
            description="Agents answering questions may use the site's content as context."
            checked={values.agentsIncluded}
            onChange={(checked) => set("agentsIncluded", checked)}
            error={errorOf("agentsContext")}
          />
        </div>
      </fieldset>
      {formError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      {!readOnly && (
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            disabled={!dirty || update.isPending}
            onClick={() => {
              setValues(initial);
              setTouched(false);
              update.reset();
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" disabled={!dirty} loading={update.isPending}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}

function DeleteSite({ organizationId, site }: { organizationId: string; site: SiteObject }) {
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation(
    trpc.sites.delete.mutationOptions({
      onSuccess: async () => {
        router.push(sitesHref(organizationId));
        await queryClient.invalidateQueries({ queryKey: trpc.sites.list.pathKey() });
        queryClient.removeQueries({ queryKey: trpc.sites.get.queryKey({ organizationId, siteId: site.id }) });
        toast.success(`“${site.title}” was deleted.`);
      },
    }),
  );

  function close() {
    remove.reset();
    setOpen(false);
  }

  return (
    <section aria-labelledby="delete-site-heading" className="space-y-3 rounded-lg border border-red-200 p-4">
      <h2 id="delete-site-heading" className="font-semibold text-slate-900">
        Delete the site
      </h2>
      <p className="text-sm text-slate-600">The site, its structure, share links and redirects go away. Its spaces and their content stay in the organization.</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete site
      </Button>
      <Dialog open={open} onClose={close} title="Delete this site?">
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            <strong className="text-slate-900">{site.title}</strong> {site.published ? "stops being published at once and " : ""}cannot be brought back. Its spaces are not deleted.
          </p>
          <ConfirmActions error={remove.error ? errorMessage(remove.error) : undefined} pending={remove.isPending} confirmLabel="Delete site" onCancel={close} onConfirm={() => remove.mutate({ organizationId, siteId: site.id })} />
        </div>
      </Dialog>
    </section>
  );
}
