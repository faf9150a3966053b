"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Braces, Check, FileDiff, Save, Settings2 } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChangeRequest } from "@/components/change-requests/change-entries";
import { ChangeRequestLoadError } from "@/components/change-requests/change-request-load-error";
import { StatusBadge } from "@/components/change-requests/status-badge";
import { useRefreshChangeRequests } from "@/components/change-requests/use-change-request-cache";
import { useContentLinks } from "@/components/content/use-content-links";
import { changeRequestHref, readerHref, SpaceFrame } from "@/components/content/space-frame";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import {
  addPage,
  deletePage,
  descendants,
  draftFromServer,
  movePage,
  planSave,
  readingOrder,
  updatePage,
  type Draft,
  type Move,
  type ServerPage,
} from "./draft-model";
import { MarkdownPane, MAX_UPLOAD_BYTES } from "./markdown-pane";
import { PageTreeEditor } from "./page-tree-editor";
import { sendPlan, type ContentChangeInput } from "./save-plan";
import { useUnsavedWarning } from "@/components/ui/use-unsaved-warning";
import { PageSettingsDialog } from "./page-settings-dialog";
import { VariablesDialog, type VariablesScope } from "./variables-dialog";
import { isActive } from "@/server/policies/change-request";

export function ChangeRequestEditorScreen({ organizationId, spaceId, number }: { organizationId: string; spaceId: string; number: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab="change-requests" wide>
      {(space) => <EditorLoader space={space} organizationId={organizationId} number={number} />}
    </SpaceFrame>
  );
}

function EditorLoader({ space, organizationId, number }: { space: SpaceObject; organizationId: string; number: string }) {
  const trpc = useTRPC();
  const changeRequest = useQuery(trpc.changeRequests.get.queryOptions({ spaceId: space.id, ref: number }));
  const source = { kind: "change-request", ref: number } as const;
  const pages = useQuery({ ...trpc.changeRequests.pages.queryOptions({ spaceId: space.id, source }), staleTime: 0, refetchOnWindowFocus: false });
  const failed = changeRequest.error ?? pages.error;
  if (failed) {
    return <ChangeRequestLoadError error={failed} number={number} space={space} onRetry={() => void Promise.all([changeRequest.refetch(), pages.refetch()])} />;
  }
  if (!changeRequest.data || !pages.data) return <LoadingState label="Loading the editor…" />;
  const reviewHref = changeRequestHref(organizationId, space.id, number);
  const active = isActive(changeRequest.data);
  if (!changeRequest.data.permissions.editContent) {
    return (
      <EmptyState
        title={active ? "You cannot edit this change request" : `This change request is ${changeRequest.data.status}`}
        description={active ? "Editing a change request's pages needs the edit role on the space." : "Its pages can no longer be edited."}
        action={
          <Link href={reviewHref} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            See its changes
          </Link>
        }
      />
    );
  }
  return <Editor space={space} organizationId={organizationId} changeRequest={changeRequest.data} serverPages={pages.data.pages} />;
}

let newPageCounter = 0;

function Editor({ space, organizationId, changeRequest, serverPages }: { space: SpaceObject; organizationId: string; changeRequest: ChangeRequest; serverPages: ServerPage[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = useRefreshChangeRequests(space.id);
  const ref = String(changeRequest.number);
  const [original, setOriginal] = useState<Draft>(() => draftFromServer(serverPages));
  const [draft, setDraft] = useState<Draft>(original);
  const [selected, setSelected] = useState<string | undefined>(() => readingOrder(original)[0]?.key);
  const [titleError, setTitleError] = useState<string>();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<Record<string, string>>({});
  const [variablesScope, setVariablesScope] = useState<VariablesScope | null>(null);
  const [settingsOf, setSettingsOf] = useState<{ id: string; title: string } | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const apply = useMutation(trpc.changeRequests.applyChanges.mutationOptions());

  const plan = useMemo(() => planSave(original, draft), [original, draft]);
  const dirty = plan.length > 0;
  useUnsavedWarning(dirty);

  const hrefOf = useCallback((pageId: string) => readerHref(organizationId, space.id, pageId), [organizationId, space.id]);
  const serverLinks = useContentLinks(space.id, { kind: "change-request", ref }, hrefOf);
  const links = useMemo(() => ({ ...serverLinks, file: (id: string) => uploaded[id] ?? serverLinks.file?.(id) }), [serverLinks, uploaded]);

  const page = selected ? draft.pages[selected] : undefined;

  const reload = useCallback(
    async (select?: (current: string | undefined) => string | undefined) => {
      const fresh = await queryClient.fetchQuery({ ...trpc.changeRequests.pages.queryOptions({ spaceId: space.id, source: { kind: "change-request", ref } }), staleTime: 0 });
      const next = draftFromServer(fresh.pages);
      setOriginal(next);
      setDraft(next);
      setSelected((current) => {
        const wanted = select ? select(current) : current;
        return wanted && next.pages[wanted] ? wanted : readingOrder(next)[0]?.key;
      });
    },
    [queryClient, ref, space.id, trpc],
  );

  const save = useCallback(async () => {
    if (saving || !dirty) return;
    const untitled = readingOrder(draft).find(({ key }) => !draft.pages[key]!.title.trim());
    if (untitled) {
      setSelected(untitled.key);
      setTitleError("A page needs a title.");
      requestAnimationFrame(() => document.getElementById("page-title")?.focus());
      return;
    }
    setSaving(true);
    let batches = 0;
    try {
      const created = await sendPlan(
        plan,
        async (changes: ContentChangeInput[]) => {
          const answer = await apply.mutateAsync({ spaceId: space.id, ref, changes });
          return "changes" in answer ? answer : { changes: [] };
        },
        () => batches++,
      );
      await reload((current) => (current ? (created.get(current) ?? current) : current));
      await refresh();
      toast.success("Changes saved.");
    } catch (error) {
      if (batches > 0) {
        // Part of a multi-batch save went through: show what the server now has rather than a draft that no longer matches it.
        await reload().catch(() => {});
        toast.error(`Only part of the changes were saved: ${errorMessage(error)} The editor now shows the saved pages.`);
      } else {
        toast.error(errorMessage(error));
      }
    } finally {
      setSaving(false);
    }
  }, [apply, dirty, draft, plan, ref, refresh, reload, saving, space.id, toast]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [save]);

  function add(place: "after" | "inside") {
    const key = `new-${++newPageCounter}`;
    setDraft((current) => addPage(current, { key, title: "Untitled page", markdown: "" }, selected ? (place === "inside" ? { inside: selected } : { after: selected }) : {}));
    setSelected(key);
    setTitleError(undefined);
    requestAnimationFrame(() => {
      const input = document.getElementById("page-title") as HTMLInputElement | null;
      input?.focus();
      input?.select();
    });
  }

  function move(key: string, direction: Move) {
    setDraft((current) => movePage(current, key, direction));
  }

  function confirmDelete() {
    if (!deleting) return;
    const order = readingOrder(draft).map((row) => row.key);
    const gone = new Set([deleting, ...descendants(draft, deleting)]);
    const index = order.indexOf(deleting);
    const neighbour = [...order.slice(0, index)].reverse().find((key) => !gone.has(key)) ?? order.slice(index).find((key) => !gone.has(key));
    setDraft((current) => deletePage(current, deleting));
    setSelected(neighbour);
    setDeleting(null);
  }

  async function upload(files: File[]) {
    const tooLarge = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
    if (tooLarge.length > 0) {
      toast.error(`${tooLarge.map((file) => file.name).join(", ")}: files up to 1 MB can be uploaded here.`);
      return;
    }
    const target = selected;
    const cursor = textarea.current ? { start: textarea.current.selectionStart, end: textarea.current.selectionEnd } : null;
    setUploading(true);
    try {
      const sources = await Promise.all(
        files.map(async (file) => ({ name: file.name, contentType: file.type || "application/octet-stream", base64: await readBase64(file) })),
      );
      const answer = await apply.mutateAsync({ spaceId: space.id, ref, changes: [{ operation: "insert_files", files: sources }] });
      const inserted = "insertedFiles" in answer ? answer.insertedFiles : [];
      setUploaded((current) => ({ ...current, ...Object.fromEntries(inserted.map((file) => [file.id, file.downloadURL])) }));
      const snippet = inserted
        .map((file) => `${file.contentType.startsWith("image/") ? "!" : ""}[${file.name.replaceAll(/[[\]]/g, "")}](/files/${file.id})`)
        .join("\n");
      if (target && snippet) {
        setDraft((current) => {
          const markdown = current.pages[target]?.markdown ?? "";
          const start = cursor?.start ?? markdown.length;
          const end = cursor?.end ?? markdown.length;
          return updatePage(current, target, { markdown: markdown.slice(0, start) + snippet + markdown.slice(end) });
        });
        if (cursor && textarea.current) {
          const at = cursor.start + snippet.length;
          requestAnimationFrame(() => {
            textarea.current?.focus();
            textarea.current?.setSelectionRange(at, at);
          });
        }
      }
      await refresh();
      toast.success(inserted.length === 1 ? `Uploaded ${inserted[0]!.name}.` : `Uploaded ${inserted.length} files.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  const reviewHref = changeRequestHref(organizationId, space.id, changeRequest.number);
  // Variables are saved on the server at once, so only a page the server has can have them.
  const savedPage = selected && original.pages[selected] && page ? { id: selected, title: page.title } : undefined;
  const deletingPage = deleting ? draft.pages[deleting] : undefined;
  const deletingCount = deleting ? descendants(draft, deleting).length : 0;

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
        <div className="min-w-0 space-y-1">
          <Link href={reviewHref} className="inline-flex items-center gap-1.5 text-sm text-slate-500 hover:text-slate-800">
            <ArrowLeft aria-hidden className="size-4" />
            Change request #{changeRequest.number}
          </Link>
          <h1 className="flex min-w-0 flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
            <span className="truncate">Editing {changeRequest.subject ? `“${changeRequest.subject}”` : `#${changeRequest.number}`}</span>
            <StatusBadge status={changeRequest.status} />
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p role="status" className="text-sm text-slate-500">
            {saving ? (
              "Saving…"
            ) : dirty ? (
              <span className="font-medium text-amber-700">Unsaved changes</span>
            ) : (
              <span className="inline-flex items-center gap-1">
                <Check aria-hidden className="size-4 text-emerald-600" />
                All changes saved
              </span>
            )}
          </p>
          <Button variant="secondary" onClick={() => setVariablesScope({ kind: "space" })}>
            <Braces aria-hidden className="size-4" />
            Space variables
          </Button>
          <Button
            variant="secondary"
            disabled={!savedPage}
            title={page && !savedPage ? "Save the new page first" : undefined}
            onClick={() => savedPage && setVariablesScope({ kind: "page", pageId: savedPage.id, title: savedPage.title })}
          >
            <Braces aria-hidden className="size-4" />
            Page variables
          </Button>
          <Button variant="secondary" disabled={!savedPage} title={page && !savedPage ? "Save the new page first" : undefined} onClick={() => savedPage && setSettingsOf(savedPage)}>
            <Settings2 aria-hidden className="size-4" />
            Page settings
          </Button>
          <Link href={reviewHref} className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
            <FileDiff aria-hidden className="size-4" />
            Review changes
          </Link>
          <Button onClick={() => void save()} loading={saving} disabled={!dirty} aria-keyshortcuts="Control+S Meta+S">
            <Save aria-hidden className="size-4" />
            Save
          </Button>
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-[13rem_minmax(0,1fr)] lg:grid-cols-[15rem_minmax(0,1fr)]">
        <aside aria-label="Pages of the change request" className="md:sticky md:top-20 md:max-h-[calc(100vh-6rem)] md:self-start md:overflow-y-auto">
          <PageTreeEditor
            draft={draft}
            original={original}
            selected={selected}
            onSelect={(key) => {
              setSelected(key);
              setTitleError(undefined);
            }}
            onMove={move}
            onAdd={add}
            onDelete={setDeleting}
          />
        </aside>
        {page && selected ? (
          <MarkdownPane
            ref={textarea}
            title={page.title}
            markdown={page.markdown}
            links={links}
            titleError={titleError}
            uploading={uploading}
            onTitleChange={(title) => {
              setTitleError(undefined);
              setDraft((current) => updatePage(current, selected, { title }));
            }}
            onMarkdownChange={(markdown) => setDraft((current) => updatePage(current, selected, { markdown }))}
            onUpload={(files) => void upload(files)}
          />
        ) : (
          <EmptyState
            title="No pages yet"
            description="Add a page to start writing."
            action={
              <Button variant="secondary" onClick={() => add("after")}>
                New page
              </Button>
            }
          />
        )}
      </div>
      <VariablesDialog spaceId={space.id} changeRequestRef={ref} scope={variablesScope} onClose={() => setVariablesScope(null)} onSaved={refresh} />
      <PageSettingsDialog spaceId={space.id} changeRequestRef={ref} page={settingsOf} onClose={() => setSettingsOf(null)} onSaved={refresh} />
      <Dialog open={deletingPage !== undefined} onClose={() => setDeleting(null)} title={`Delete “${deletingPage?.title || "Untitled page"}”?`}>
        <p className="text-sm text-slate-600">
          {deletingCount > 0 ? `The page and its ${deletingCount} subpage${deletingCount === 1 ? "" : "s"} will be deleted` : "The page will be deleted"} from this change
          request when you save.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirmDelete}>
            Delete page
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}
