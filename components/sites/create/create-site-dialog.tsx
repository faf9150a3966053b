"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { formErrors, siteHref, VISIBILITIES, type SiteVisibility } from "../list/site-model";
import { SpacePicker } from "./space-picker";

const TITLE_MIN = 2;
const TITLE_MAX = 128;
const FIELDS = ["title", "visibility", "spaces"] as const;

type Source = "existing" | "new";

function titleProblem(title: string): string | undefined {
  const length = title.trim().length;
  if (length === 0) return "Give the site a title.";
  if (length < TITLE_MIN) return `At least ${TITLE_MIN} characters.`;
  if (length > TITLE_MAX) return `At most ${TITLE_MAX} characters.`;
  return undefined;
}

/** Creates a site from spaces of the organization, or with a new space made for it, then opens its structure. */
export function CreateSiteDialog({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [visibility, setVisibility] = useState<SiteVisibility>("public");
  const [source, setSource] = useState<Source>("existing");
  const [spaces, setSpaces] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  const create = useMutation(
    trpc.sites.create.mutationOptions({
      onSuccess: async (site) => {
        await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.sites.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() })]);
        close();
        router.push(siteHref(organizationId, site.id));
      },
    }),
  );
  const spacesProblem = source === "existing" && spaces.length === 0 ? "Pick at least one space, or start with a new space." : undefined;
  const { errorOf, formError } = formErrors({ title: touched ? titleProblem(title) : undefined, spaces: touched ? spacesProblem : undefined }, create.error, FIELDS);

  function close() {
    setTitle("");
    setVisibility("public");
    setSource("existing");
    setSpaces([]);
    setTouched(false);
    create.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (titleProblem(title) || spacesProblem) return;
    create.mutate({ organizationId, title: title.trim(), visibility, ...(source === "existing" ? { spaces } : { createSpace: true }) });
  }

  return (
    <Dialog open={open} onClose={close} title="Create a site" size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Title"
          name="title"
          autoFocus
          maxLength={TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          hint="Readers see it in the site's header, for example “Acme Docs”."
          error={errorOf("title")}
          disabled={create.isPending}
        />
        <SelectField
          label="Visibility"
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as SiteVisibility)}
          options={VISIBILITIES.map(({ value, label }) => ({ value, label }))}
          hint={VISIBILITIES.find((entry) => entry.value === visibility)?.description}
          error={errorOf("visibility")}
          disabled={create.isPending}
        />
        <fieldset className="space-y-2" disabled={create.isPending}>
          <legend className="text-sm font-medium text-slate-700">Content</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <SourceOption value="existing" current={source} onChange={setSource} label="From existing spaces" />
            <SourceOption value="new" current={source} onChange={setSource} label="Start with a new space" />
          </div>
        </fieldset>
        {source === "existing" ? (
          <SpacePicker
            legend="Spaces"
            multiple
            selected={spaces}
            onChange={setSpaces}
            error={errorOf("spaces")}
            disabled={create.isPending}
          />
        ) : (
          <p className="text-sm text-slate-600">An empty space named after the site is created for it; write its pages later.</p>
        )}
        <DialogFormActions error={formError} submitLabel="Create site" submitting={create.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}

function SourceOption({ value, current, onChange, label }: { value: Source; current: Source; onChange: (value: Source) => void; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="radio" name="site-source" value={value} checked={current === value} onChange={() => onChange(value)} className="size-4 accent-indigo-600" />
      {label}
    </label>
  );
}
