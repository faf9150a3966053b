"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { BookOpen, BookPlus, FileText, Folder, FolderPlus, GitPullRequestArrow, House, KeyRound, Search, Trash2, UserRound, Users, type LucideIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { changeRequestHref, readerHref } from "@/components/content/space-frame";
import { peopleHref } from "@/components/people/people-nav";
import { useTRPC } from "@/components/providers/trpc-provider";
import { emojiCharacters } from "@/components/space/emoji";
import { useContentDialogs } from "@/components/tree/content-dialogs";
import { useContentTree } from "@/components/tree/content-tree-context";
import { Button } from "@/components/ui/button";
import { useModalDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SearchEverywhereResult } from "@/server/search/search-everywhere";
import { Highlighted } from "./highlight";

/** Typing settles for this long before a search is sent. */
const DEBOUNCE_MS = 200;
/** The server's bound on a query (server/search/search-everywhere.ts). */
const MAX_QUERY = 512;

type Item = { key: string; group: string; icon: LucideIcon; title: string; detail?: string; excerpt?: string; run: () => void };

/**
 * The command palette (Ctrl/⌘-K, or the top bar's search field): pages of every space the
 * member can see with the matching section's excerpt, spaces, collections, change requests by
 * number or subject, and actions. A combobox over a grouped listbox: the focus stays in the
 * field while arrows move the active option (aria-activedescendant), Enter opens it in place,
 * Escape closes.
 */
export function CommandPalette({ organizationId, open, onClose }: { organizationId: string; open: boolean; onClose: () => void }) {
  const modal = useModalDialog(open, onClose);
  return (
    <dialog
      {...modal}
      aria-label="Search everywhere"
      // Clicks on the backdrop land on the dialog itself: they close it.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="mx-auto mt-[10vh] mb-auto w-[min(40rem,calc(100vw-1.5rem))] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      {open && <PaletteBody organizationId={organizationId} onClose={onClose} />}
    </dialog>
  );
}

function PaletteBody({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const tree = useContentTree();
  const dialogs = useContentDialogs();
  const baseId = useId();
  const [query, setQuery] = useState("");
  const [debounced, setDebounced] = useState("");
  const [active, setActive] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const search = useQuery({
    ...trpc.search.everywhere.queryOptions({ organizationId, query: debounced }),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });

  const items = useMemo(() => {
    const go = (href: string) => () => {
      onClose();
      router.push(href);
    };
    const permissions = tree.data?.organization.permissions;
    const actions: Item[] = [
      ...(permissions?.createContent
        ? [
            { key: "new-space", group: "Actions", icon: BookPlus, title: "New space", run: () => (onClose(), dialogs.openCreate("space", null)) },
            { key: "new-collection", group: "Actions", icon: FolderPlus, title: "New collection", run: () => (onClose(), dialogs.openCreate("collection", null)) },
          ]
        : []),
      { key: "home", group: "Actions", icon: House, title: "Go to home", run: go(`/o/${organizationId}`) },
      { key: "trash", group: "Actions", icon: Trash2, title: "Go to trash", run: go(`/o/${organizationId}/trash`) },
      ...(permissions?.listMembers ? [{ key: "members", group: "Actions", icon: Users, title: "Members", detail: "People of the organization", run: go(peopleHref(organizationId)) }] : []),
      { key: "profile", group: "Actions", icon: UserRound, title: "Your profile", run: go("/settings/profile") },
      { key: "tokens", group: "Actions", icon: KeyRound, title: "API tokens", run: go("/settings/tokens") },
    ];
    const wanted = debounced.toLowerCase();
    const matchingActions = actions.filter((action) => !wanted || `${action.title} ${action.detail ?? ""}`.toLowerCase().includes(wanted));
    return [...(debounced && search.data ? resultItems(search.data, organizationId, go) : []), ...matchingActions];
  }, [debounced, dialogs, onClose, organizationId, router, search.data, tree.data]);

  // New results start at their first item.
  useEffect(() => setActive(0), [debounced, search.data]);
  const current = items[Math.min(active, items.length - 1)];
  const optionId = (item: Item) => `${baseId}-option-${item.key}`;
  const activeId = current ? optionId(current) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (items.length === 0) return;
    // Arrows wrap around; Home and End stay the field's, as in a combobox.
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setActive((active + step + items.length) % items.length);
    } else if (event.key === "Enter" && current) {
      event.preventDefault();
      current.run();
    }
  }

  const searching = query.trim() !== debounced || (debounced.length > 0 && search.isFetching);
  const results = debounced && search.data ? items.length - items.filter((item) => item.group === "Actions").length : 0;
  const listboxId = `${baseId}-listbox`;
  const status = !debounced
    ? ""
    : search.isError
      ? ""
      : searching
        ? "Searching…"
        : results === 0
          ? `Nothing found for “${debounced}”.`
          : `${results} ${results === 1 ? "result" : "results"}.`;

  return (
    <div className="flex max-h-[min(36rem,80vh)] flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4">
        <Search aria-hidden className="size-5 shrink-0 text-slate-400" />
        <input
          autoFocus
          role="combobox"
          aria-label="Search pages, spaces, change requests and actions"
          aria-expanded={items.length > 0}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          value={query}
          maxLength={MAX_QUERY}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search pages, spaces, change requests…"
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none! placeholder:text-slate-500"
        />
        {searching && <Spinner className="size-4" />}
        <kbd className="hidden rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-600 sm:inline">Esc</kbd>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {search.isError && debounced ? (
          <div role="alert" className="m-2 flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            <span>Search failed: {errorMessage(search.error)}</span>
            <Button variant="secondary" onClick={() => void search.refetch()}>
              Try again
            </Button>
          </div>
        ) : debounced && !searching && results === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-600">Nothing found for “{debounced}” in the spaces you can see.</p>
        ) : !debounced ? (
          <p className="px-3 pt-2 pb-1 text-sm text-slate-600">Type to search pages, spaces, collections and change requests (#12 finds change request 12).</p>
        ) : null}
        <div id={listboxId} role="listbox" aria-label="Results">
          {[...new Set(items.map((item) => item.group))].map((group) => {
            const members = items.filter((item) => item.group === group);
            if (members.length === 0) return null;
            const headingId = `${baseId}-group-${group.replace(/\s/g, "-")}`;
            return (
              <div key={group} role="group" aria-labelledby={headingId} className="py-1">
                <div id={headingId} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {group}
                </div>
                {members.map((item) => {
                  const selected = item === current;
                  const Icon = item.icon;
                  return (
                    <div
                      key={item.key}
                      id={optionId(item)}
                      role="option"
                      aria-selected={selected}
                      onMouseMove={() => setActive(items.indexOf(item))}
                      // The field keeps the focus: a click must not take it away first.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={item.run}
                      className={clsx("flex cursor-pointer items-start gap-3 rounded-md px-3 py-2", selected ? "bg-indigo-50" : "")}
                    >
                      <Icon aria-hidden className={clsx("mt-0.5 size-4 shrink-0", selected ? "text-indigo-600" : "text-slate-500")} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-slate-900">
                          <Highlighted text={item.title} query={debounced} />
                        </span>
                        {item.detail && <span className="block truncate text-xs text-slate-600">{item.detail}</span>}
                        {item.excerpt && (
                          <span className="mt-0.5 line-clamp-2 block text-xs text-slate-700">
                            <Highlighted text={item.excerpt} query={debounced} />
                          </span>
                        )}
                      </span>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
      <p aria-hidden className="hidden border-t border-slate-200 px-4 py-2 text-xs text-slate-600 sm:block">
        ↑ ↓ to move · Enter to open · Esc to close
      </p>
    </div>
  );
}

/**
 * The server's results as palette items, grouped, each opening where it lives: pages, spaces,
 * collections, change requests — the change requests first when the query named one by number.
 */
function resultItems(result: SearchEverywhereResult, organizationId: string, go: (href: string) => () => void): Item[] {
  const changeRequests: Item[] = result.changeRequests.map((changeRequest) => ({
    key: `cr-${changeRequest.spaceId}-${changeRequest.number}`,
    group: "Change requests",
    icon: GitPullRequestArrow,
    title: `#${changeRequest.number} ${changeRequest.subject || "Untitled change request"}`,
    detail: `${changeRequest.spaceTitle} · ${changeRequest.status}`,
    run: go(changeRequestHref(organizationId, changeRequest.spaceId, changeRequest.number)),
  }));
  return [
    ...(result.changeRequestsFirst ? changeRequests : []),
    ...result.pages.map((page) => ({
      key: `page-${page.spaceId}-${page.pageId}`,
      group: "Pages",
      icon: FileText,
      title: page.title || "Untitled page",
      detail: [page.spaceTitle, ...page.ancestors, ...(page.section && page.section.anchor ? [page.section.title] : [])].join(" › "),
      excerpt: page.section?.excerpt || undefined,
      run: go(`${readerHref(organizationId, page.spaceId, page.pageId)}${page.section?.anchor ? `#${encodeURIComponent(page.section.anchor)}` : ""}`),
    })),
    ...result.spaces.map((space) => ({
      key: `space-${space.id}`,
      group: "Spaces",
      icon: BookOpen,
      title: `${emojiCharacters(space.emoji) ? `${emojiCharacters(space.emoji)} ` : ""}${space.title}`,
      run: go(readerHref(organizationId, space.id)),
    })),
    ...result.collections.map((collection) => ({
      key: `collection-${collection.id}`,
      group: "Collections",
      icon: Folder,
      title: collection.title,
      run: go(`/o/${organizationId}/c/${collection.id}`),
    })),
    ...(result.changeRequestsFirst ? [] : changeRequests),
  ];
}
