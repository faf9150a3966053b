"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Switch } from "../settings/switch";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { errorMessage, fieldFailure } from "@/components/ui/trpc-error";
import { MAX_SOURCE_LENGTH, sourcePathProblem } from "@/server/sites/redirects/source-path";
import type { SectionChoice, SiteSpaceChoice } from "../customization/site-space-choices";

export type Destination =
  | { kind: "site-section"; siteSectionId: string }
  | { kind: "site-space"; siteSpaceId: string }
  | { kind: "site-page"; siteSpaceId: string; pageId: string }
  | { kind: "external"; url: string };
export type Redirect = { id: string; source: string; destination: Destination; permanent: boolean; captureWildcard: boolean };

const isUrl = (text: string) => /^https?:\/\/\S+$/i.test(text);

function sourceProblem(source: string): string | undefined {
  if (source === "") return "Type the path to redirect, starting with /.";
  const problem = sourcePathProblem(source);
  return problem ? `The path ${problem}.` : undefined;
}

type Draft = { source: string; kind: Destination["kind"]; sectionId: string; siteSpaceId: string; pageId: string; url: string; permanent: boolean; captureWildcard: boolean };

function draftOf(redirect: Redirect | null, sections: SectionChoice[], siteSpaces: SiteSpaceChoice[]): Draft {
  const destination = redirect?.destination;
  return {
    source: redirect?.source ?? "",
    kind: destination?.kind ?? (sections.length > 0 ? "site-section" : "site-space"),
    sectionId: destination?.kind === "site-section" ? destination.siteSectionId : (sections[0]?.id ?? ""),
    siteSpaceId: destination?.kind === "site-space" || destination?.kind === "site-page" ? destination.siteSpaceId : (siteSpaces[0]?.id ?? ""),
    pageId: destination?.kind === "site-page" ? destination.pageId : "",
    url: destination?.kind === "external" ? destination.url : "",
    permanent: redirect?.permanent ?? true,
    captureWildcard: redirect?.captureWildcard ?? false,
  };
}

function destinationOf(draft: Draft): Destination {
  switch (draft.kind) {
    case "site-section":
      return { kind: "site-section", siteSectionId: draft.sectionId };
    case "site-space":
      return { kind: "site-space", siteSpaceId: draft.siteSpaceId };
    case "site-page":
      return { kind: "site-page", siteSpaceId: draft.siteSpaceId, pageId: draft.pageId };
    case "external":
      return { kind: "external", url: draft.url.trim() };
  }
}

/** Adds a redirect (`redirect` "new") or edits one: the old path, where it leads, and how. */
export function RedirectDialog({ redirect, onClose, ...props }: { organizationId: string; siteId: string; redirect: Redirect | "new" | null; sections: SectionChoice[]; siteSpaces: SiteSpaceChoice[]; onClose: () => void }) {
  const existing = redirect === "new" ? null : redirect;
  return (
    <Dialog open={redirect !== null} onClose={onClose} title={existing ? "Edit redirect" : "Add redirect"}>
      {/* Mounted while open only: each opening starts from the redirect it opens on. */}
      {redirect !== null && <RedirectForm {...props} existing={existing} onClose={onClose} />}
    </Dialog>
  );
}

function RedirectForm({ organizationId, siteId, existing, sections, siteSpaces, onClose }: { organizationId: string; siteId: string; existing: Redirect | null; sections: SectionChoice[]; siteSpaces: SiteSpaceChoice[]; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState(() => draftOf(existing, sections, siteSpaces));
  const [touched, setTouched] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.siteRedirects.pathKey() });
    toast.success(existing ? "Redirect saved." : `Redirect from ${draft.source} added.`);
    close();
  };
  const create = useMutation(trpc.siteRedirects.create.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.siteRedirects.update.mutationOptions({ onSuccess }));
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const serverField = failure ? fieldFailure(failure, ["source", "destination", "url"] as const) : null;
  const wildcard = draft.source.endsWith("*");
  const selectedVariant = siteSpaces.find((siteSpace) => siteSpace.id === draft.siteSpaceId);
  const pages = useQuery({ ...trpc.settings.spacePages.queryOptions({ spaceId: selectedVariant?.spaceId ?? "" }), enabled: draft.kind === "site-page" && Boolean(selectedVariant) });

  const problems = {
    source: sourceProblem(draft.source),
    destination:
      draft.kind === "site-section" && !draft.sectionId
        ? "Pick a section."
        : (draft.kind === "site-space" || draft.kind === "site-page") && !draft.siteSpaceId
          ? "Pick a variant."
          : draft.kind === "site-page" && !draft.pageId
            ? "Pick a page."
            : draft.kind === "external" && !isUrl(draft.url.trim())
              ? "An address starting with https:// or http://."
              : undefined,
  };

  function close() {
    create.reset();
    update.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (problems.source || problems.destination) return;
    const body = { organizationId, siteId, source: draft.source, destination: destinationOf(draft), permanent: draft.permanent, captureWildcard: wildcard && draft.captureWildcard };
    if (existing) update.mutate({ ...body, siteRedirectId: existing.id });
    else create.mutate(body);
  }

  const kinds = [
    ...(sections.length > 0 ? [{ value: "site-section", label: "A section" }] : []),
    { value: "site-space", label: "A variant (site space)" },
    { value: "site-page", label: "A page" },
    { value: "external", label: "Another address (URL)" },
  ];

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="From path"
          autoFocus
          spellCheck={false}
          placeholder="/old-page"
          maxLength={MAX_SOURCE_LENGTH + 1}
          value={draft.source}
          onChange={(event) => set({ source: event.target.value.trim() })}
          hint="A path of this site; end it with /* to redirect everything under it."
          error={(touched || draft.source !== "" ? problems.source : undefined) ?? (serverField?.field === "source" ? serverField.text : undefined)}
          className="font-mono"
        />
        <SelectField label="Leads to" value={draft.kind} options={kinds} onChange={(event) => set({ kind: event.target.value as Destination["kind"] })} />
        {draft.kind === "site-section" && (
          <SelectField label="Section" value={draft.sectionId} options={sections.map((section) => ({ value: section.id, label: section.label }))} onChange={(event) => set({ sectionId: event.target.value })} error={touched ? problems.destination : undefined} />
        )}
        {(draft.kind === "site-space" || draft.kind === "site-page") && (
          <SelectField
            label="Variant"
            value={draft.siteSpaceId}
            options={siteSpaces.map((siteSpace) => ({ value: siteSpace.id, label: siteSpace.label }))}
            onChange={(event) => set({ siteSpaceId: event.target.value, pageId: "" })}
            error={touched && draft.kind === "site-space" ? problems.destination : undefined}
          />
        )}
        {draft.kind === "site-page" && (
          <SelectField
            label="Page"
            value={draft.pageId}
            disabled={!pages.data}
            options={[
              { value: "", label: pages.isPending ? "Loading pages…" : pages.isError ? "The pages could not be loaded" : "Pick a page" },
              ...(pages.data?.pages ?? []).map((page) => ({ value: page.id, label: `${"  ".repeat(page.depth)}${page.title}` })),
            ]}
            onChange={(event) => set({ pageId: event.target.value })}
            error={touched ? problems.destination : undefined}
          />
        )}
        {draft.kind === "external" && (
          <TextField label="Address" type="url" placeholder="https://example.com/new-page" value={draft.url} onChange={(event) => set({ url: event.target.value })} error={touched ? problems.destination : serverField?.field === "url" ? serverField.text : undefined} />
        )}
        <Switch label="Permanent" description="Tells browsers and search engines the page moved for good (308); off: temporary (307)." checked={draft.permanent} onChange={(permanent) => set({ permanent })} />
        {wildcard && <Switch label="Keep the rest of the path" description="/old/* to /new: /old/a/b leads to /new/a/b." checked={draft.captureWildcard} onChange={(captureWildcard) => set({ captureWildcard })} />}
        <DialogFormActions error={failure && !serverField?.field ? errorMessage(failure) : undefined} submitLabel={existing ? "Save redirect" : "Add redirect"} submitting={pending} onCancel={close} />
    </form>
  );
}
