"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Dialog, DialogFormActions } from "@/components/ui/dialog";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import { LAYOUT_PRESETS, sameLayout, type PageLayout } from "@/server/content/page-display";

type Settings = { slug: string; hidden: boolean; noIndex: boolean; noRobotsIndex: boolean; layout: PageLayout; coverFile: string };

const VISIBILITY = [
  { key: "hidden", label: "Hide from the navigation", hint: "Still readable from a link." },
  { key: "noIndex", label: "Leave out of search", hint: "Search in Quire will not find it." },
  { key: "noRobotsIndex", label: "Ask search engines not to index it", hint: "" },
] as const;

const LAYOUT_OPTIONS = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description" },
  { key: "cover", label: "Cover" },
  { key: "tableOfContents", label: "Page tree" },
  { key: "pagination", label: "Previous and next links" },
] as const;

/**
 * A page's visibility, layout and cover in a change request, saved at once as an `update_page`
 * change (like uploads and variables), apart from the editor's drafts of titles and text.
 */
export function PageSettingsDialog({ spaceId, changeRequestRef, page, onClose, onSaved }: {
  spaceId: string;
  changeRequestRef: string;
  page: { id: string; title: string } | null;
  onClose: () => void;
  /** Called once saved, with the slug when it was set here. */
  onSaved: (saved: { slug?: string }) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const source = { kind: "change-request", ref: changeRequestRef } as const;
  const current = useQuery({ ...trpc.changeRequests.page.queryOptions({ spaceId, source, pageId: page?.id ?? "" }), enabled: page !== null, staleTime: 0 });
  const files = useQuery({ ...trpc.changeRequests.files.queryOptions({ spaceId, source }), enabled: page !== null });
  const apply = useMutation(trpc.changeRequests.applyChanges.mutationOptions());
  const [settings, setSettings] = useState<Settings>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (page && current.data) {
      const { slug, hidden, noIndex, noRobotsIndex, layout, cover } = current.data;
      setSettings({ slug, hidden, noIndex, noRobotsIndex, layout, coverFile: cover?.ref.kind === "file" ? cover.ref.file : "" });
      setError(undefined);
    }
  }, [page, current.data]);

  const images = (files.data?.items ?? []).filter((file) => file.contentType.startsWith("image/"));
  const preset = settings ? (Object.entries(LAYOUT_PRESETS).find(([, layout]) => sameLayout(layout, settings.layout))?.[0] ?? "custom") : "docs";

  async function save() {
    if (!page || !settings || !current.data) return;
    const before = current.data;
    const coverBefore = before.cover?.ref.kind === "file" ? before.cover.ref.file : "";
    const slug = settings.slug.trim() !== before.slug ? settings.slug.trim() : undefined;
    const change = {
      operation: "update_page" as const,
      page: page.id,
      ...(slug !== undefined ? { slug } : {}),
      hidden: settings.hidden,
      noIndex: settings.noIndex,
      noRobotsIndex: settings.noRobotsIndex,
      ...(sameLayout(before.layout, settings.layout) ? {} : { layout: settings.layout }),
      ...(settings.coverFile === coverBefore ? {} : { cover: settings.coverFile ? { ref: { kind: "file" as const, file: settings.coverFile }, yPos: 0 } : null }),
    };
    try {
      await apply.mutateAsync({ spaceId, ref: changeRequestRef, changes: [change] });
      await queryClient.invalidateQueries({ queryKey: trpc.changeRequests.page.queryKey() });
      await onSaved(slug !== undefined ? { slug } : {});
      toast.success("Page settings saved.");
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const set = (patch: Partial<Settings>) => setSettings((value) => value && { ...value, ...patch });
  const setLayout = (patch: Partial<PageLayout>) => setSettings((value) => value && { ...value, layout: { ...value.layout, ...patch } });

  return (
    <Dialog open={page !== null} onClose={onClose} title={`Settings of “${page?.title || "Untitled page"}”`}>
      {current.isPending || !settings ? (
        current.isError ? <ErrorState message={errorMessage(current.error)} onRetry={() => void current.refetch()} /> : <LoadingState label="Loading page settings…" />
      ) : (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label className="block space-y-1 text-sm">
            <span className="font-medium text-slate-700">Slug</span>
            <input
              value={settings.slug}
              onChange={(event) => set({ slug: event.target.value })}
              maxLength={100}
              spellCheck={false}
              aria-describedby="page-slug-hint"
              className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm text-slate-900"
            />
            <span id="page-slug-hint" className="block text-xs text-slate-600">
              The page's address in the space. It follows the title until it is set here; emptied, it follows the title again.
            </span>
          </label>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Visibility</legend>
            {VISIBILITY.map(({ key, label, hint }) => (
              <label key={key} className="flex items-start gap-2 text-sm text-slate-700">
                <input type="checkbox" className="mt-0.5" checked={settings[key]} onChange={(event) => set({ [key]: event.target.checked })} />
                <span>
                  {label}
                  {hint && <span className="block text-xs text-slate-500">{hint}</span>}
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Layout</legend>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              Preset
              <select
                value={preset}
                onChange={(event) => event.target.value in LAYOUT_PRESETS && setLayout(LAYOUT_PRESETS[event.target.value as keyof typeof LAYOUT_PRESETS])}
                className="rounded-md border border-slate-300 px-2 py-1 text-sm"
              >
                <option value="docs">Docs</option>
                <option value="editorial">Editorial</option>
                <option value="landing">Landing</option>
                {preset === "custom" && <option value="custom">Custom</option>}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={settings.layout.width === "wide"} onChange={(event) => setLayout({ width: event.target.checked ? "wide" : "default" })} />
              Full width
            </label>
            <div className="grid gap-1 sm:grid-cols-2">
              {LAYOUT_OPTIONS.map(({ key, label }) => (
                <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" checked={settings.layout[key]} onChange={(event) => setLayout({ [key]: event.target.checked })} />
                  Show {label.toLowerCase()}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block space-y-1 text-sm">
            <span className="font-medium text-slate-700">Cover image</span>
            <select value={settings.coverFile} onChange={(event) => set({ coverFile: event.target.value })} className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm">
              <option value="">No cover</option>
              {images.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.name}
                </option>
              ))}
            </select>
            {images.length === 0 && <span className="block text-xs text-slate-500">Upload an image to the change request to use it as a cover.</span>}
          </label>
          <DialogFormActions error={error} submitLabel="Save settings" submitting={apply.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
