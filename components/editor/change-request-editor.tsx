"use client";

import type { JSONDocument } from "@gitbook/api";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Braces, Check, CloudOff, FileDiff, History, PanelLeftClose, PanelLeftOpen, Settings2 } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChangeRequest } from "@/components/change-requests/change-entries";
import { StatusBadge } from "@/components/change-requests/status-badge";
import { useContentLinks } from "@/components/content/use-content-links";
import { changeRequestHref, readerHref } from "@/components/content/space-hrefs";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useToast } from "@/components/shell/toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { ContentSource } from "@/server/content/reads";
import type { SpaceObject } from "@/server/presenters/space";
import {
  addPage,
  deletePage,
  descendants,
  draftFromServer,
  isNewKey,
  movePage,
  planSave,
  readingOrder,
  updatePage,
  type Draft,
  type DraftPage,
  type Move,
  type ServerPage,
} from "./draft-model";
import { MAX_UPLOAD_BYTES } from "./upload-limit";
import { PageTreeEditor, type PageTreeActions } from "./page-tree-editor";
import { duplicatePage, placePage } from "./page-tree-model";
import { sendPlan, type BatchAnswer, type ContentChangeInput } from "./save-plan";
import { useAutosave, type SaveStatus } from "./use-autosave";
import { useUnsavedWarning } from "@/components/ui/use-unsaved-warning";
import { BlockEditor, type BlockEditorHandle, type UploadedFile } from "./block-editor";
import { forgetKept, keepUnsaved, offersFor, restoreOffers, type DraftScope, type KeptOffer } from "./local-draft";
import type { Files } from "./prosemirror/node-views";
import { emptyDocument, withoutKeys } from "./prosemirror/document-conversion";
import { documentToMarkdown } from "@/server/content/format/document-to-markdown";
import { markdownToDocument } from "@/server/content/format/markdown-to-document";
import { plainText } from "@/server/content/format/document-text";
import { PageSettingsDialog } from "./page-settings-dialog";
import { newEditSession } from "./edit-session";
import { VariablesDialog, type VariablesScope } from "./variables-dialog";
import { slugFollowsTitle } from "@/server/change-requests/content-changes/slugs";

// The source mode (its textarea and the page rendered beside it) loads when someone switches to it.
const MarkdownPane = dynamic(() => import("./markdown-pane").then((module) => module.MarkdownPane), {
  loading: () => <LoadingState label="Loading the markdown editor…" />,
});

// Pages made in the editor are named `new-<session>-<n>` until saved: unsaved work kept on this
// device is keyed by them, so a later session's new pages must not take the same names.
const session = Math.random().toString(36).slice(2, 8);
/**
 * What the editor writes to: a change request, or the space's main content itself (a live edit,
 * server/spaces/apply-live-edit.ts), each save of one editor opening belonging to its `session`.
 */
export type EditTarget = { kind: "change-request"; changeRequest: ChangeRequest } | { kind: "live"; session: string };

type SaveAnswer = Partial<BatchAnswer> & { insertedFiles?: { id: string; name: string; contentType: string; downloadURL: string }[] };
type FileSource = { name: string; contentType: string; base64: string };
/** What the editor sends in one batch: the save plan's page changes, or files to upload. */
type EditorChange = ContentChangeInput | { operation: "insert_files"; files: FileSource[] };

let newPageCounter = 0;
const newPageKey = () => `new-${session}-${++newPageCounter}`;

type Mode = "blocks" | "source";
const MODES: { value: Mode; label: string }[] = [
  { value: "blocks", label: "Blocks" },
  { value: "source", label: "Markdown" },
];
const PAGES_OPEN_KEY = "quire.editor.pagesOpen";
const MODE_KEY = "quire.editor.mode";

export function Editor({ space, organizationId, target, serverPages }: { space: SpaceObject; organizationId: string; target: EditTarget; serverPages: ServerPage[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const searchParams = useSearchParams();
  const changeRequest = target.kind === "change-request" ? target.changeRequest : null;
  const ref = changeRequest ? String(changeRequest.number) : "";
  const source: ContentSource = useMemo(() => (ref ? { kind: "change-request", ref } : { kind: "main" }), [ref]);
  const [original, setOriginal] = useState<Draft>(() => draftFromServer(serverPages));
  const [draft, setDraft] = useState<Draft>(original);
  // "Edit" on a page opens its change request's editor on that page (`?page=`).
  const [selected, setSelected] = useState<string | undefined>(() => {
    const wanted = searchParams.get("page");
    return wanted && original.pages[wanted] ? wanted : readingOrder(original)[0]?.key;
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<Record<string, { url: string; name: string }>>({});
  // Pages whose document the block editor could not write, with why and their text (kept on this device).
  const [faults, setFaults] = useState<Record<string, { message: string; text: string }>>({});
  const [offers, setOffers] = useState<KeptOffer[]>([]);
  // Grows with each restore, so that the open page's block editor opens afresh on the restored text.
  const [restores, setRestores] = useState(0);
  const body = useRef<BlockEditorHandle | null>(null);
  const [variablesScope, setVariablesScope] = useState<VariablesScope | null>(null);
  const [settingsOf, setSettingsOf] = useState<{ id: string; key: string; title: string } | null>(null);
  const [mode, setMode] = useStoredState<Mode>(MODE_KEY, "blocks", (value) => value === "blocks" || value === "source");
  const [pagesOpen, setPagesOpen] = useStoredState<boolean>(PAGES_OPEN_KEY, true, (value) => typeof value === "boolean");
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Server ids of the pages this editor created, by draft key: later saves name them by id.
  const created = useRef(new Map<string, string>());
  const apply = useMutation(trpc.changeRequests.applyChanges.mutationOptions());
  const saveLive = useMutation(trpc.liveEdits.save.mutationOptions());
  // This opening's saves: one history entry of a live edit, one audit entry of a change request's autosaves.
  const [ownSession] = useState(newEditSession);
  const liveSession = target.kind === "live" ? target.session : null;
  // One batch of changes, to the change request or (live) to main.
  const send = useCallback(
    async (changes: EditorChange[]): Promise<SaveAnswer> =>
      (liveSession === null
        ? apply.mutateAsync({ spaceId: space.id, ref, changes, session: ownSession })
        : saveLive.mutateAsync({ spaceId: space.id, session: liveSession, changes })) as Promise<SaveAnswer>,
    [apply, ref, saveLive, liveSession, ownSession, space.id],
  );

  const plan = useMemo(() => planSave(original, draft), [original, draft]);
  const dirty = plan.length > 0;
  const fault = Object.values(faults)[0]?.message;
  useUnsavedWarning(dirty || fault !== undefined);

  const idOf = useCallback((key: string) => (isNewKey(key) ? created.current.get(key) : key), []);
  const hrefOf = useCallback((pageId: string) => readerHref(organizationId, space.id, pageId), [organizationId, space.id]);
  const serverLinks = useContentLinks(space.id, source, hrefOf);
  const links = useMemo(() => ({ ...serverLinks, file: (id: string) => uploaded[id]?.url ?? serverLinks.file?.(id) }), [serverLinks, uploaded]);
  const files = useMemo<Files>(() => ({ url: links.file, name: (id) => uploaded[id]?.name ?? serverLinks.fileInfo?.(id)?.name }), [links, serverLinks, uploaded]);

  // Unsaved work kept on this device: offered back on return, written as the draft changes, removed once saved.
  const scope = useMemo<DraftScope>(() => ({ spaceId: space.id, changeRequest: ref }), [space.id, ref]);
  useEffect(() => {
    setOffers(offersFor(window.localStorage, scope, original));
    // Read once, against the pages as loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scope]);
  const offered = useMemo(() => new Set(offers.map((offer) => offer.id)), [offers]);
  const keepLocally = useCallback(() => {
    const texts = Object.fromEntries(Object.entries(faults).map(([key, { text }]) => [key, text]));
    keepUnsaved(window.localStorage, scope, { original, draft, idOf, texts, keep: offered, now: Date.now() });
  }, [draft, faults, idOf, offered, original, scope]);
  useEffect(() => {
    const timer = setTimeout(keepLocally, 300);
    // Closing or hiding the tab writes at once what the wait would have.
    const now = () => {
      clearTimeout(timer);
      keepLocally();
    };
    const onVisibility = () => document.visibilityState === "hidden" && now();
    window.addEventListener("pagehide", now);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pagehide", now);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [keepLocally]);

  function restore() {
    setDraft((current) => restoreOffers(current, offers, newPageKey));
    forgetKept(window.localStorage, scope, offers.map((offer) => offer.id));
    setOffers([]);
    setRestores((count) => count + 1);
    const first = offers[0]?.id;
    if (first && draft.pages[first]) setSelected(first);
  }

  function discardOffers() {
    forgetKept(window.localStorage, scope, offers.map((offer) => offer.id));
    setOffers([]);
  }

  const page = selected ? draft.pages[selected] : undefined;
  const untitled = readingOrder(draft).find(({ key }) => !draft.pages[key]!.title.trim());
  const titleError = untitled && untitled.key === selected ? "A page needs a title: it is saved once it has one." : undefined;

  // Marks what a save changes as stale without refetching it under the editor (every second while typing).
  const markStale = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.changeRequests.pathKey(), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: trpc.settings.getSpace.queryKey({ spaceId: space.id }), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: trpc.settings.spacePages.queryKey({ spaceId: space.id }), refetchType: "none" }),
        queryClient.invalidateQueries({ queryKey: trpc.history.pathKey(), refetchType: "none" }),
      ]),
    [queryClient, space.id, trpc],
  );

  const reload = useCallback(async () => {
    const fresh = await queryClient.fetchQuery({ ...trpc.changeRequests.pages.queryOptions({ spaceId: space.id, source }), staleTime: 0 });
    const next = draftFromServer(fresh.pages);
    created.current.clear();
    setOriginal(next);
    setDraft(next);
    setSelected((current) => {
      const id = current ? (idOf(current) ?? current) : current;
      return id && next.pages[id] ? id : readingOrder(next)[0]?.key;
    });
  }, [idOf, queryClient, source, space.id, trpc]);

  const draftRef = useRef(draft);
  draftRef.current = draft;
  const save = useCallback(async () => {
    const snapshot = draftRef.current;
    const changes = planSave(original, snapshot);
    if (changes.length === 0) return;
    let batches = 0;
    try {
      await sendPlan(
        changes,
        async (input: ContentChangeInput[]) => {
          const answer = await send(input);
          return { changes: answer.changes ?? [] };
        },
        () => batches++,
        created.current,
      );
      // What was sent is now the server's; edits made meanwhile stay in the draft, for the next save.
      setOriginal(snapshot);
      void markStale();
    } catch (error) {
      if (batches > 0) {
        // Part of a multi-batch save went through: show what the server now has rather than a draft that no longer matches it.
        await reload().catch(() => {});
        toast.error(`Only part of the changes were saved: ${errorMessage(error)} The editor now shows the saved pages.`);
        return;
      }
      throw error;
    }
  }, [markStale, original, reload, send, toast]);

  const { status, saveNow } = useAutosave({ dirty, blocked: untitled !== undefined, version: draft, save, describe: saveError });

  /** Enter in the title: on into the page's text, at its start, before another key is typed. */
  function enterBody() {
    if (mode === "blocks") {
      body.current?.focusStart();
      return;
    }
    textarea.current?.focus();
    textarea.current?.setSelectionRange(0, 0);
  }

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        saveNow();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [saveNow]);

  function add(place: "after" | "inside", at = selected) {
    const key = newPageKey();
    setDraft((current) => addPage(current, { key, title: "Untitled page", markdown: "", slugFollowsTitle: true }, at ? (place === "inside" ? { inside: at } : { after: at }) : {}));
    setSelected(key);
    requestAnimationFrame(() => {
      const input = document.getElementById("page-title") as HTMLInputElement | null;
      input?.focus();
      input?.select();
    });
  }

  function move(key: string, direction: Move) {
    setDraft((current) => movePage(current, key, direction));
  }

  const treeActions: PageTreeActions = {
    onSelect: setSelected,
    onMove: move,
    onAdd: add,
    onDelete: setDeleting,
    onPlace: (key, target) => setDraft((current) => placePage(current, key, target)),
    onRename: (key, title) => setDraft((current) => updatePage(current, key, { title })),
    onDuplicate: (key) => {
      const { draft: next, copy } = duplicatePage(draft, key, newPageKey);
      setDraft(next);
      setSelected(copy);
    },
    onCopyLink: (key) => {
      // The page in this change request's editor: where the link is shared, the page is there.
      const url = new URL(window.location.href);
      url.search = new URLSearchParams({ page: key }).toString();
      navigator.clipboard.writeText(url.toString()).then(
        () => toast.success("Link copied."),
        () => toast.error("The link could not be copied: the browser refused access to the clipboard."),
      );
    },
  };

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

  /** Adds files to the change request at once (they are not part of the draft); answers where each can be shown from. */
  async function uploadFiles(files: File[]): Promise<UploadedFile[]> {
    const tooLarge = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
    if (tooLarge.length > 0) {
      toast.error(`${tooLarge.map((file) => file.name).join(", ")}: files up to 1 MB can be uploaded here.`);
      return [];
    }
    setUploading(true);
    try {
      const sources = await Promise.all(
        files.map(async (file) => ({ name: file.name || "pasted-image.png", contentType: file.type || "application/octet-stream", base64: await readBase64(file) })),
      );
      const answer = await send([{ operation: "insert_files", files: sources }]);
      const inserted = answer.insertedFiles ?? [];
      setUploaded((current) => ({ ...current, ...Object.fromEntries(inserted.map((file) => [file.id, { url: file.downloadURL, name: file.name }])) }));
      void markStale();
      toast.success(inserted.length === 1 ? `Uploaded ${inserted[0]!.name}.` : `Uploaded ${inserted.length} files.`);
      return inserted.map((file) => ({ id: file.id, name: file.name, contentType: file.contentType, url: file.downloadURL }));
    } catch (error) {
      toast.error(errorMessage(error));
      return [];
    } finally {
      setUploading(false);
    }
  }

  /** The source mode's upload: the files' markdown goes where the cursor was. */
  async function uploadIntoSource(files: File[]) {
    const target = selected;
    const cursor = textarea.current ? { start: textarea.current.selectionStart, end: textarea.current.selectionEnd } : null;
    const inserted = await uploadFiles(files);
    const snippet = inserted.map((file) => `${file.contentType.startsWith("image/") ? "!" : ""}[${file.name.replaceAll(/[[\]]/g, "")}](/files/${file.id})`).join("\n");
    if (!target || !snippet) return;
    setDraft((current) => {
      const markdown = current.pages[target]?.markdown ?? "";
      const start = cursor?.start ?? markdown.length;
      const end = cursor?.end ?? markdown.length;
      return updatePage(current, target, { markdown: markdown.slice(0, start) + snippet + markdown.slice(end), document: undefined });
    });
  }

  // Variables and settings are saved on the server at once, so only a page the server has can have them.
  const savedId = selected ? idOf(selected) : undefined;
  const savedPage = savedId && page ? { id: savedId, title: page.title } : undefined;
  const deletingPage = deleting ? draft.pages[deleting] : undefined;
  const deletingCount = deleting ? descendants(draft, deleting).length : 0;

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
        {changeRequest ? (
          <div className="min-w-0 space-y-1">
            <IntentLink href={changeRequestHref(organizationId, space.id, changeRequest.number)} className="inline-flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-800">
              <ArrowLeft aria-hidden className="size-4" />
              Change request #{changeRequest.number}
            </IntentLink>
            <h1 className="flex min-w-0 flex-wrap items-center gap-2 text-xl font-semibold text-slate-900">
              <span className="truncate">Editing {changeRequest.subject ? `“${changeRequest.subject}”` : `#${changeRequest.number}`}</span>
              <StatusBadge status={changeRequest.status} />
            </h1>
          </div>
        ) : (
          <div className="min-w-0 space-y-1">
            <h1 className="text-xl font-semibold text-slate-900">Editing live</h1>
            <p className="text-sm text-slate-600">Changes are saved to the space as you type; readers see them at once.</p>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <SaveStatusLine status={status} blocked={untitled !== undefined} dirty={dirty} fault={fault} onRetry={saveNow} />
          {changeRequest ? (
            <>
          <Button variant="secondary" onClick={() => setVariablesScope({ kind: "space" })}>
            <Braces aria-hidden className="size-4" />
            Space variables
          </Button>
          <Button
            variant="secondary"
            disabled={!savedPage}
            title={page && !savedPage ? "Available once the new page is saved" : undefined}
            onClick={() => savedPage && setVariablesScope({ kind: "page", pageId: savedPage.id, title: savedPage.title })}
          >
            <Braces aria-hidden className="size-4" />
            Page variables
          </Button>
          <Button variant="secondary" disabled={!savedPage} title={page && !savedPage ? "Available once the new page is saved" : undefined} onClick={() => savedPage && selected && setSettingsOf({ ...savedPage, key: selected })}>
            <Settings2 aria-hidden className="size-4" />
            Page settings
          </Button>
          <IntentLink href={changeRequestHref(organizationId, space.id, changeRequest.number)} className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
            <FileDiff aria-hidden className="size-4" />
            Review changes
          </IntentLink>
            </>
          ) : (
            // Done leaves for the page being edited (once saved), where readers see it.
            <IntentLink
              href={readerHref(organizationId, space.id, savedId)}
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              <Check aria-hidden className="size-4" />
              Done
            </IntentLink>
          )}
        </div>
      </header>
      <div className="flex flex-col gap-6 md:flex-row">
        {pagesOpen && (
          <aside id="editor-pages" aria-label={changeRequest ? "Pages of the change request" : "Pages of the space"} className="md:sticky md:top-20 md:max-h-[calc(100vh-6rem)] md:w-60 md:shrink-0 md:self-start md:overflow-y-auto">
            <PageTreeEditor draft={draft} original={original} selected={selected} actions={treeActions} />
          </aside>
        )}
        <div className="min-w-0 flex-1">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <Button variant="secondary" aria-expanded={pagesOpen} aria-controls="editor-pages" onClick={() => setPagesOpen(!pagesOpen)}>
              {pagesOpen ? <PanelLeftClose aria-hidden className="size-4" /> : <PanelLeftOpen aria-hidden className="size-4" />}
              {pagesOpen ? "Hide pages" : "Show pages"}
            </Button>
            <ToggleGroup label="Editing mode" value={mode} options={MODES} onChange={setMode} />
          </div>
          {offers.length > 0 && <KeptWork offers={offers} onRestore={restore} onDiscard={discardOffers} />}
          {page && selected ? (
            // The writing column: about 680 px, a line of reading length, as the reader shows it.
            <div className={mode === "source" ? "space-y-3" : "mx-auto max-w-[680px] space-y-3"}>
              <PageTitleField title={page.title} error={titleError} onEnter={enterBody} onChange={(title) => setDraft((current) => updatePage(current, selected, { title }))} />
              {mode === "source" ? (
                <MarkdownPane
                  ref={textarea}
                  markdown={page.markdown}
                  links={links}
                  uploading={uploading}
                  onMarkdownChange={(markdown) => setDraft((current) => updatePage(current, selected, { markdown, document: undefined }))}
                  onUpload={(files) => void uploadIntoSource(files)}
                />
              ) : (
                <PageBlocks
                  key={`${selected}:${restores}`}
                  handle={body}
                  spaceId={space.id}
                  source={source}
                  pageKey={selected}
                  serverId={savedId}
                  page={page}
                  unchanged={original.pages[selected]?.markdown === page.markdown && !isNewKey(selected)}
                  files={files}
                  onChange={(document, markdown) => {
                    setDraft((current) => updatePage(current, selected, { document, markdown }));
                    setFaults((current) => (selected in current ? Object.fromEntries(Object.entries(current).filter(([key]) => key !== selected)) : current));
                  }}
                  onFault={(error, text) => setFaults((current) => ({ ...current, [selected]: { message: faultMessage(error), text } }))}
                  onNotice={(message) => toast.error(message)}
                  onUpload={uploadFiles}
                />
              )}
            </div>
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
      </div>
      {/* Variables and page settings are written to change requests only (their dialogs save through one). */}
      {changeRequest && (
        <>
          <VariablesDialog spaceId={space.id} changeRequestRef={ref} scope={variablesScope} onClose={() => setVariablesScope(null)} onSaved={markStale} />
          <PageSettingsDialog
            spaceId={space.id}
            changeRequestRef={ref}
            page={settingsOf}
            onClose={() => setSettingsOf(null)}
            onSaved={({ slug }) => {
              // A slug set by hand stays when the title changes; emptied (or set to the title's), it follows the title again.
              if (slug !== undefined && settingsOf) {
                const { key } = settingsOf;
                setDraft((current) => {
                  const title = current.pages[key]?.title ?? "";
                  return updatePage(current, key, { slugFollowsTitle: slug === "" || slugFollowsTitle(slug, title) });
                });
              }
              return markStale();
            }}
          />
        </>
      )}
      <Dialog open={deletingPage !== undefined} onClose={() => setDeleting(null)} title={`Delete “${deletingPage?.title || "Untitled page"}”?`}>
        <p className="text-sm text-slate-600">
          {deletingCount > 0 ? `The page and its ${deletingCount} subpage${deletingCount === 1 ? "" : "s"} will be deleted` : "The page will be deleted"}{" "}
          {changeRequest ? "from this change request." : "from the space, for readers too."}
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

/** Why a save failed, for the status line: a request that never reached the server says so, not "Failed to fetch". */
function saveError(error: unknown): string {
  const message = errorMessage(error);
  return /failed to fetch|networkerror|load failed/i.test(message) ? "the server could not be reached." : message;
}

/** Why the block editor could not write a page, for the status line. */
function faultMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return reason.replace(/\.?$/, ".");
}

function PageTitleField({ title, error, onChange, onEnter }: { title: string; error?: string; onChange: (title: string) => void; onEnter: () => void }) {
  return (
    <div className="space-y-1">
      <label htmlFor="page-title" className="sr-only">
        Page title
      </label>
      <input
        id="page-title"
        value={title}
        maxLength={256}
        placeholder="Page title"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter (or ↓ at the end of the title) goes on into the text, as in a document: the title is one line.
          const atEnd = event.currentTarget.selectionStart === event.currentTarget.value.length;
          if (event.key === "Enter" || (event.key === "ArrowDown" && atEnd)) {
            event.preventDefault();
            onEnter();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "page-title-error" : undefined}
        className="block w-full border-0 border-b border-transparent bg-transparent px-0 py-1 text-3xl font-bold text-slate-900 placeholder:text-slate-400 hover:border-slate-200 focus:border-indigo-500 focus:outline-none"
      />
      {error && (
        <p id="page-title-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The selected page in the block editor. A page the draft has not changed opens on the server's
 * document (with its block keys); a changed one on its draft document, or on its markdown read
 * in the browser after an edit in the source mode.
 */
function PageBlocks({
  spaceId,
  source,
  pageKey,
  serverId,
  page,
  unchanged,
  files,
  handle,
  onChange,
  onFault,
  onNotice,
  onUpload,
}: {
  spaceId: string;
  source: ContentSource;
  pageKey: string;
  serverId: string | undefined;
  page: DraftPage;
  unchanged: boolean;
  files: Files;
  handle: React.RefObject<BlockEditorHandle | null>;
  onChange: (document: JSONDocument, markdown: string) => void;
  onFault: (error: unknown, text: string) => void;
  onNotice: (message: string) => void;
  onUpload: (files: File[]) => Promise<UploadedFile[]>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const needsServer = !page.document && unchanged;
  const server = useQuery({
    ...trpc.changeRequests.page.queryOptions({ spaceId, source, pageId: pageKey, format: "document" }),
    enabled: needsServer,
    // Read afresh each time the page opens: a cached document may predate a save from the source mode.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    // The same when the page's server render brought the document: a hydrated query keeps the cache's
    // default lifetime whatever gcTime its observer asks for, so it is dropped here as the page closes.
    const { queryKey } = trpc.changeRequests.page.queryOptions({ spaceId, source, pageId: pageKey, format: "document" });
    return () => queryClient.removeQueries({ queryKey, exact: true });
  }, [queryClient, trpc, spaceId, source, pageKey]);
  // File blocks show their files' names: the editor opens once the list is there.
  const fileList = useQuery(trpc.changeRequests.files.queryOptions({ spaceId, source }));
  // From this component's own answer, so that the file blocks the editor shows as it opens have it.
  const pageFiles = useMemo<Files>(() => {
    const byId = new Map(fileList.data?.items.map((file) => [file.id, file]));
    return { url: (id) => files.url(id) ?? byId.get(id)?.downloadURL, name: (id) => files.name(id) ?? byId.get(id)?.name };
  }, [fileList.data, files]);
  const spaceVariables = useQuery(trpc.changeRequests.variables.queryOptions({ spaceId, source }));
  const pageVariables = useQuery({ ...trpc.changeRequests.variables.queryOptions({ spaceId, source, pageId: serverId ?? "" }), enabled: !!serverId });
  const variables = useMemo(
    () => [
      ...Object.keys(spaceVariables.data?.variables ?? {}).map((name) => ({ scope: "space" as const, name })),
      ...Object.keys(pageVariables.data?.variables ?? {}).map((name) => ({ scope: "page" as const, name })),
    ],
    [spaceVariables.data, pageVariables.data],
  );
  // The first document the editor opens on; later ones come from the editor itself.
  const [initial] = useState<JSONDocument | null>(() => page.document ?? (needsServer ? null : page.markdown ? withoutKeys(markdownToDocument(page.markdown)) : emptyDocument()));
  if (server.error) return <ErrorState message={`The page could not be opened: ${errorMessage(server.error)}`} onRetry={() => void server.refetch()} />;
  const document = initial ?? (server.data && "document" in server.data ? (server.data.document as JSONDocument) : null);
  if (!document || fileList.isPending) return <LoadingState label="Opening the page…" />;
  return (
    <BlockEditor
      document={document}
      label={`Content of “${page.title || "Untitled page"}”`}
      variables={variables}
      files={pageFiles}
      handle={handle}
      onUpload={onUpload}
      onNotice={onNotice}
      onFault={onFault}
      onChange={(next) => {
        let markdown: string;
        try {
          // Empty paragraphs left at the end write blank lines, which markdown does not keep.
          markdown = documentToMarkdown(next).replace(/\n{2,}$/, "\n");
        } catch (error) {
          // Not written, not dropped: the status says so and the text is kept on this device.
          onFault(error, plainTextOf(next));
          return;
        }
        onChange(next, markdown);
      }}
    />
  );
}

/** A page's text, paragraph by paragraph: what is kept of a document that could not be written. */
function plainTextOf(document: JSONDocument): string {
  return (document.nodes as unknown[]).map((block) => plainText([block])).join("\n\n");
}

/** Unsaved work found on this device from an earlier visit: put back, or let go. */
function KeptWork({ offers, onRestore, onDiscard }: { offers: KeptOffer[]; onRestore: () => void; onDiscard: () => void }) {
  const names = offers.map((offer) => `“${offer.page.title || "Untitled page"}”`).join(", ");
  const when = new Date(Math.max(...offers.map((offer) => offer.page.savedAt))).toLocaleString();
  const changedSince = offers.some((offer) => offer.changedSince);
  const textOnly = offers.some((offer) => offer.page.textOnly);
  return (
    <section aria-label="Unsaved changes on this device" className="mb-4 flex flex-wrap items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <History aria-hidden className="mt-0.5 size-4 shrink-0" />
      {/* At least 12rem of text: on a phone the buttons go below it rather than squeeze it. */}
      <div className="min-w-48 flex-1 space-y-1">
        <p className="font-medium">
          Unsaved changes to {names} were kept on this device ({when}).
        </p>
        {(changedSince || textOnly) && (
          <p>
            {changedSince ? "The page has changed on the server since: restoring replaces it with your version. " : ""}
            {textOnly ? "Only the text could be kept, without its formatting." : ""}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button onClick={onRestore}>Restore</Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}

/** Where the draft stands: saved, waiting, saving, or failing (with when it retries, and a way to retry now). */
function SaveStatusLine({ status, blocked, dirty, fault, onRetry }: { status: SaveStatus; blocked: boolean; dirty: boolean; fault?: string; onRetry: () => void }) {
  const now = useNow(status.state === "offline" || status.state === "error");
  const seconds = "retryAt" in status ? Math.max(0, Math.ceil((status.retryAt - now) / 1000)) : 0;
  return (
    <div className="flex items-center gap-2 text-sm">
      <p role="status" className="text-slate-600">
        {fault ? (
          <span className="font-medium text-red-700">Couldn't save: {fault} Your text is kept on this device.</span>
        ) : blocked && dirty ? (
          <span className="font-medium text-amber-800">Not saved: a page has no title</span>
        ) : status.state === "saving" || status.state === "pending" || (dirty && status.state === "saved") ? (
          // An edit is "Saving…" from the moment it is made, before the autosave's effect has run.
          "Saving…"
        ) : status.state === "offline" ? (
          <span className="inline-flex items-center gap-1 font-medium text-amber-800">
            <CloudOff aria-hidden className="size-4" />
            Offline — retrying{seconds > 0 ? ` in ${seconds} s` : "…"}
          </span>
        ) : status.state === "error" ? (
          <span className="font-medium text-red-700">
            Not saved: {status.message} Retrying{seconds > 0 ? ` in ${seconds} s` : "…"}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden className="size-4 text-emerald-600" />
            Saved
          </span>
        )}
      </p>
      {(status.state === "offline" || status.state === "error") && (
        <Button variant="secondary" onClick={onRetry}>
          Retry now
        </Button>
      )}
    </div>
  );
}

/** The current time, ticking every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [ticking]);
  return now;
}

/** A state remembered in localStorage (the editor's layout and mode), read after mounting so server and client render alike. */
function useStoredState<T>(key: string, fallback: T, valid: (value: unknown) => boolean): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(fallback);
  useEffect(() => {
    try {
      const stored = window.localStorage.getItem(key);
      if (stored !== null) {
        const parsed: unknown = JSON.parse(stored);
        if (valid(parsed)) setValue(parsed as T);
      }
    } catch {}
    // Read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {}
    },
    [key],
  );
  return [value, set];
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}.`));
    reader.readAsDataURL(file);
  });
}
