"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ImageUp, Settings, TriangleAlert } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { SettingsActions } from "@/components/forms/settings-form-parts";
import { useSettingsForm } from "@/components/forms/use-settings-form";
import { OrganizationMergeRules } from "@/components/merge-rules/merge-rules-form";
import { InviteLinks } from "@/components/people/invites-page";
import { ROLE_OPTIONS } from "@/components/people/sso/role-options";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { updateOrganizationInput } from "@/server/organizations/schemas";
import type { presentOrganizationRecord } from "@/server/presenters/organization";

type Organization = ReturnType<typeof presentOrganizationRecord>;

/** The organization's settings: name, logo, default role and email domains; invite links; merge rules; and deleting it. Admins only. */
export function OrganizationSettingsPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const organization = useQuery(trpc.organizations.get.queryOptions({ organizationId }));
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-8">
      <div className="flex items-center gap-3">
        <span aria-hidden className="grid size-9 place-items-center rounded-md bg-slate-100 text-slate-600">
          <Settings className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Organization settings</h1>
      </div>
      {organization.isPending ? (
        <LoadingState label="Loading the organization's settings…" />
      ) : organization.isError ? (
        <ErrorState message={errorMessage(organization.error)} onRetry={() => void organization.refetch()} />
      ) : !organization.data.permissions.admin ? (
        <EmptyState title="Only admins change the organization's settings" description="Ask an admin of the organization to rename it, change its logo or its default role." />
      ) : (
        <>
          <GeneralSettings organization={organization.data} />
          <div className="rounded-lg border border-slate-200 p-4 sm:p-6">
            <InviteLinks organizationId={organizationId} enabled={organization.data.inviteLinks} />
          </div>
          <OrganizationMergeRules organizationId={organizationId} />
          <DangerZone organization={organization.data} />
        </>
      )}
    </div>
  );
}

const FIELDS = ["title", "logo", "defaultRole", "emailDomains"] as const;
const ROLE_CHOICES = ROLE_OPTIONS.map((option) => ({ value: option.value, label: option.value ? option.label : "Guest (sees only what is shared with them)" }));
const LOGO_TYPES = "image/png,image/jpeg,image/gif,image/webp";
const domainsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

const valuesOf = (organization: Organization) => ({
  title: organization.title,
  logo: organization.urls.logo ?? "",
  defaultRole: organization.defaultRole ?? "",
  emailDomains: organization.emailDomains.join(", "),
});

function GeneralSettings({ organization }: { organization: Organization }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSettingsForm({
    record: organization,
    valuesOf,
    fields: FIELDS,
    patchOf: (values, changed) => ({
      ...(changed.includes("title") ? { title: values.title.trim() } : {}),
      ...(changed.includes("logo") ? { logo: values.logo.trim() || null } : {}),
      ...(changed.includes("defaultRole") ? { defaultRole: (values.defaultRole || null) as "read" | null } : {}),
      ...(changed.includes("emailDomains") ? { emailDomains: domainsOf(values.emailDomains) } : {}),
    }),
    schema: updateOrganizationInput,
    validate: (values) => (values.title.trim().length < 2 ? { title: "An organization's name has at least 2 characters." } : {}),
    mutation: trpc.organizations.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.organizations.get.queryKey({ organizationId: organization.id }), updated);
        // The switcher names it.
        void queryClient.invalidateQueries({ queryKey: trpc.organizations.list.queryKey() });
      },
    }),
    inputOf: (patch) => ({ organizationId: organization.id, ...patch }),
  });
  const { values, set, errorFor } = form;
  const upload = useLogoUpload(organization.id, (url) => set("logo", url));

  return (
    <form onSubmit={form.submit} aria-labelledby="general-settings" className="space-y-6 rounded-lg border border-slate-200 p-4 sm:p-6">
      <h2 id="general-settings" className="text-xl font-semibold text-slate-900">
        General
      </h2>
      <fieldset disabled={form.saving} className="space-y-5">
        <TextField label="Name" name="title" required maxLength={255} value={values.title} onChange={(event) => set("title", event.target.value)} error={errorFor("title")} />
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-4">
            <div aria-hidden className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
              {values.logo ? (
                // A logo given by URL is anywhere on the web: a plain <img>, shown as it will be.
                <img alt="" src={values.logo} className="max-h-full max-w-full object-contain" />
              ) : (
                <span className="text-xs text-slate-400">No logo</span>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {/* The file input is the label's: keyboard users reach it by Tab, as the button it looks like. */}
              <label className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs focus-within:ring-2 focus-within:ring-indigo-500 hover:bg-slate-50">
                <ImageUp aria-hidden className="size-4" />
                {upload.pending ? "Uploading…" : "Upload an image"}
                <input type="file" accept={LOGO_TYPES} className="sr-only" disabled={upload.pending} onChange={upload.onFile} />
              </label>
              {values.logo && (
                <Button variant="ghost" onClick={() => set("logo", "")}>
                  Remove logo
                </Button>
              )}
            </div>
          </div>
          <TextField
            label="Logo URL"
            name="logo"
            type="url"
            placeholder="https://example.com/logo.png"
            value={values.logo}
            onChange={(event) => set("logo", event.target.value)}
            hint="Upload a PNG, JPEG, GIF or WebP image (2 MB at most), or give the address of one. Saved with the other settings."
            error={upload.error ?? errorFor("logo")}
          />
        </div>
        <SelectField
          label="Default role"
          name="defaultRole"
          options={ROLE_CHOICES}
          value={values.defaultRole}
          onChange={(event) => set("defaultRole", event.target.value)}
          hint="The role of people who join by their email domain, and the one invites start with."
          error={errorFor("defaultRole")}
        />
        <TextField
          label="Email domains"
          name="emailDomains"
          placeholder="example.com, example.org"
          value={values.emailDomains}
          onChange={(event) => set("emailDomains", event.target.value)}
          hint="Separated by commas. People whose verified address is at a domain may find and join the organization with the default role, once an admin whose own address is at that domain saves it here. Single sign-on offers itself to them too."
          error={errorFor("emailDomains")}
        />
      </fieldset>
      <SettingsActions form={form} />
    </form>
  );
}

/** A logo image picked from the device: an upload URL from the server, the bytes PUT there, then the file's URL goes in the form. */
function useLogoUpload(organizationId: string, onUploaded: (url: string) => void) {
  const trpc = useTRPC();
  const uploadUrl = useMutation(trpc.organizations.logoUploadUrl.mutationOptions());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setPending(true);
    setError(undefined);
    try {
      const target = await uploadUrl.mutateAsync({ organizationId, file: { name: file.name, type: file.type, size: file.size } });
      const response = await fetch(target.url, { method: "PUT", headers: { "Content-Type": file.type }, body: file });
      const answer = (await response.json()) as { url?: string; error?: { message: string } };
      if (!response.ok || !answer.url) throw new Error(answer.error?.message ?? "The image was not uploaded. Try again.");
      onUploaded(answer.url);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }
  return { pending, error, onFile };
}

function DangerZone({ organization }: { organization: Organization }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby="danger-zone" className="space-y-4 rounded-lg border border-red-300 p-4 sm:p-6">
      <h2 id="danger-zone" className="flex items-center gap-2 text-xl font-semibold text-red-800">
        <TriangleAlert aria-hidden className="size-5" />
        Danger zone
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="max-w-xl space-y-1 text-sm text-slate-700">
          <p className="font-medium text-slate-900">Delete this organization</p>
          <p>Its published sites go offline at once and its members lose access. Admins can restore it for 7 days; then it is gone for good, with all its content.</p>
        </div>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete organization
        </Button>
      </div>
      <DeleteOrganizationDialog organization={organization} open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

function DeleteOrganizationDialog({ organization, open, onClose }: { organization: Organization; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const [typed, setTyped] = useState("");
  // Deleted: the home page takes the user to another organization of theirs, or offers to restore it.
  const remove = useMutation(trpc.organizations.delete.mutationOptions({ onSuccess: () => window.location.assign("/") }));
  const matches = typed.trim() === organization.title;
  function close() {
    setTyped("");
    remove.reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} title={`Delete ${organization.title}?`}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) remove.mutate({ organizationId: organization.id, confirmation: typed });
        }}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>Its published sites stop answering now: readers find nothing there.</li>
          <li>No one can open its spaces, collections or settings, nor use its API tokens and integrations.</li>
          <li>Its admins can restore it, as it was, for 7 days; after that it is deleted for good.</li>
        </ul>
        <TextField label={`Type ${organization.title} to confirm`} autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} disabled={remove.isPending} />
        {remove.error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {errorMessage(remove.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending} disabled={!matches}>
            Delete organization
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
