"use client";

import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { ArrowLeft, ArrowRight, ListTree, PencilLine } from "lucide-react";
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { NewChangeRequestDialog } from "@/components/change-requests/new-change-request-dialog";
import { useTRPC } from "@/components/providers/trpc-provider";
import { emojiCharacters } from "@/components/space/emoji";
import { isNotFound } from "@/components/space/query-errors";
import { CommentableBlocks } from "@/components/discussions/commentable-blocks";
import { DiscussionProvider } from "@/components/discussions/discussion-context";
import { DiscussionPanel, DiscussionToggle } from "@/components/discussions/discussion-panel";
import { ImportWebsiteButton } from "@/components/import/import-website-button";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { errorMessage } from "@/components/ui/trpc-error";
import type { SpaceObject } from "@/server/presenters/space";
import { EmptySpace } from "./empty-space";
import { MarkdownView } from "./markdown-view";
import { visibleInNavigation, type PageSummary } from "./page-navigation";
import { PageTreeNav } from "./page-tree-nav";
import { RestorePageButton, RevisionBanner } from "./revision-banner";
import { liveEditHref, readerHref, revisionReaderHref, SpaceFrame } from "./space-frame";
import type { ContentSource } from "@/server/content/reads";
import { useContentLinks } from "./use-content-links";

/**
 * A space's content: its page tree beside one rendered page, with the previous and next pages.
 * The current content, or with `revisionId` the space as it was at that revision (the history's reader).
 */
export function SpaceReader({ organizationId, spaceId, pageId, revisionId }: { organizationId: string; spaceId: string; pageId?: string; revisionId?: string }) {
  return (
    <SpaceFrame organizationId={organizationId} spaceId={spaceId} tab={revisionId ? "history" : "content"} wide>
      {(space) => <Reader space={space} organizationId={organizationId} pageId={pageId} revisionId={revisionId} />}
    </SpaceFrame>
  );
}

function Reader({ space, organizationId, pageId, revisionId }: { space: SpaceObject; organizationId: string; pageId?: string; revisionId?: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  // In a space edited live, Edit opens the editor on the content itself; elsewhere it opens a change request.
  const live = useQuery({ ...trpc.liveEdits.availability.queryOptions({ spaceId: space.id }), enabled: space.permissions.edit && !revisionId });
  const edit = () => (live.data?.allowed ? router.push(liveEditHref(organizationId, space.id, pageId)) : setCreating(true));
  const pages = useQuery(trpc.settings.spacePages.queryOptions({ spaceId: space.id, revisionId }));
  const source: ContentSource = revisionId ? { kind: "revision", revisionId } : { kind: "main" };
  // The page on screen, shared with ReaderPage (one request): its layout may leave the page tree out.
  const current = useQuery({
    ...trpc.changeRequests.page.queryOptions({ spaceId: space.id, source, pageId: pageId ?? "", evaluated: true }),
    enabled: !!pageId,
  });
  const hrefOf = useCallback(
    (id?: string) => (revisionId ? revisionReaderHref(organizationId, space.id, revisionId, id) : readerHref(organizationId, space.id, id)),
    [organizationId, revisionId, space.id],
  );
  const first = pages.data ? visibleInNavigation(pages.data.pages)[0] : undefined;
  useEffect(() => {
    // The space's address without a page opens its first page.
    if (!pageId && first) router.replace(hrefOf(first.id));
  }, [first, hrefOf, pageId, router]);

  if (pages.isPending || (!pageId && first)) return <LoadingState label="Loading pages…" />;
  if (pages.isError) return <ErrorState message={errorMessage(pages.error)} onRetry={() => void pages.refetch()} />;
  const list = visibleInNavigation(pages.data.pages);
  // An empty space has no tree to show: its empty state takes the whole width.
  const withTree = (current.data?.layout.tableOfContents ?? true) && list.length > 0;
  const editButton = revisionId ? (
    space.permissions.edit && pageId && <RestorePageButton space={space} organizationId={organizationId} revisionId={revisionId} pageId={pageId} />
  ) : space.permissions.edit && (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={edit} disabled={live.isPending}>
        <PencilLine aria-hidden className="size-4" />
        Edit
      </Button>
      <ImportWebsiteButton space={space} />
    </div>
  );
  return (
    <>
    {revisionId && <RevisionBanner space={space} organizationId={organizationId} revisionId={revisionId} />}
    {/* With the comments open, the page tree steps aside below 1536px: the page keeps room beside the panel. */}
    <div
      className={clsx(
        "group/reader grid gap-6 lg:gap-10",
        withTree && "md:grid-cols-[14rem_minmax(0,1fr)] lg:has-[#discussion-panel]:grid-cols-1 2xl:has-[#discussion-panel]:grid-cols-[14rem_minmax(0,1fr)]",
      )}
    >
      {list.length > 0 && (
      <div
        className={clsx(
          "md:sticky md:top-20 md:max-h-[calc(100vh-6rem)] md:self-start md:overflow-y-auto lg:group-has-[#discussion-panel]/reader:hidden 2xl:group-has-[#discussion-panel]/reader:block",
          !withTree && "md:hidden",
        )}
      >
        <FoldedPageTree pages={list} currentId={pageId} hrefOf={hrefOf} />
        <div className="hidden md:block">
          <PageTreeNav pages={list} currentId={pageId} hrefOf={hrefOf} />
        </div>
      </div>
      )}
      <div className="min-w-0">
        {revisionId && (!pageId || pages.data.pages.length === 0) ? (
          <EmptyState title="No pages" description="The space had no pages at this revision." />
        ) : !pageId || pages.data.pages.length === 0 ? (
          <EmptySpace space={space} onStartWriting={edit} startPending={live.isLoading} />
        ) : (
          <ReaderPage space={space} organizationId={organizationId} pageId={pageId} pages={list} hrefOf={hrefOf} source={source} editButton={editButton || null} />
        )}
      </div>
      <NewChangeRequestDialog open={creating} onClose={() => setCreating(false)} space={space} organizationId={organizationId} pageId={pageId} />
    </div>
    </>
  );
}

/**
 * Below 768px the tree folds into a disclosure above the page. Its tree is rendered once opened:
 * folded, or on a wider screen where the disclosure is not shown, it would double what the page
 * renders and sends for every page of the space.
 */
function FoldedPageTree({ pages, currentId, hrefOf }: { pages: PageSummary[]; currentId?: string; hrefOf: (pageId: string) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="group rounded-lg border border-slate-200 md:hidden" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium text-slate-700">
        <ListTree aria-hidden className="size-4" />
        Pages
      </summary>
      <div className="border-t border-slate-200 p-2">{open && <PageTreeNav pages={pages} currentId={currentId} hrefOf={hrefOf} />}</div>
    </details>
  );
}

function ReaderPage({
  space,
  organizationId,
  pageId,
  pages,
  hrefOf,
  source,
  editButton,
}: {
  space: SpaceObject;
  organizationId: string;
  pageId: string;
  pages: PageSummary[];
  hrefOf: (id: string) => string;
  source: ContentSource;
  editButton: ReactNode;
}) {
  const trpc = useTRPC();
  const page = useQuery(trpc.changeRequests.page.queryOptions({ spaceId: space.id, source, pageId, evaluated: true }));
  const links = useContentLinks(space.id, source, hrefOf);
  const loaded = page.isSuccess;
  useEffect(() => {
    // A link to a section (a search result) scrolls to its heading once the page is on screen.
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (loaded && anchor) document.getElementById(anchor)?.scrollIntoView();
  }, [loaded, pageId]);
  const index = pages.findIndex((each) => each.id === pageId);
  const previous = index > 0 ? pages[index - 1] : undefined;
  const next = index >= 0 ? pages[index + 1] : undefined;

  if (page.isPending) return <LoadingState label="Loading page…" />;
  if (page.isError) {
    return isNotFound(page.error) ? (
      <EmptyState
        title="This page doesn't exist in the space"
        description="It may have been deleted or moved to another space."
        action={
          pages[0] ? (
            <IntentLink href={hrefOf(pages[0].id)} className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
              Go to the first page
            </IntentLink>
          ) : undefined
        }
      />
    ) : (
      <ErrorState message={errorMessage(page.error)} onRetry={() => void page.refetch()} />
    );
  }
  const data = page.data;
  const emoji = emojiCharacters(data.emoji);
  const { layout } = data;
  const coverSource = data.cover && layout.cover ? (data.cover.ref.kind === "file" ? links.file?.(data.cover.ref.file) : data.cover.ref.url) : undefined;
  // The current content takes comments; a past revision is read as it was.
  const discussed = source.kind === "main";
  const article = (
    <article aria-labelledby="page-title" className={clsx("min-w-0 flex-1", layout.width === "wide" ? "max-w-5xl" : "max-w-3xl")}>
      {coverSource && (
        <img
          src={coverSource}
          alt=""
          className="mb-6 w-full rounded-lg object-cover"
          style={{ height: data.cover?.height ?? (layout.coverSize === "hero" ? 160 : 240) }}
        />
      )}
      <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {/* A layout without the title keeps it for screen readers: the article is named by it. */}
          <h1 id="page-title" className={clsx("flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900", !layout.title && "sr-only")}>
            {emoji && <span aria-hidden>{emoji}</span>}
            <span className="min-w-0 break-words">{data.title}</span>
          </h1>
          {data.description && layout.description && <p className="mt-2 text-lg text-slate-600">{data.description}</p>}
        </div>
        {discussed ? (
          // Kept whole beside the title while it fits, wrapping below it (and within itself) when not.
          <div className="flex max-w-full shrink-0 flex-wrap items-center gap-2">
            <DiscussionToggle />
            {editButton}
          </div>
        ) : (
          editButton
        )}
      </header>
      {"markdown" in data && data.markdown.trim() ? (
        <CommentableBlocks spaceId={space.id} source={source} pageId={pageId}>
          <MarkdownView markdown={data.markdown} links={links} anchors blockIndexes={discussed} />
        </CommentableBlocks>
      ) : (
        <p className="text-slate-500">This page is empty.</p>
      )}
      {layout.pagination && (previous || next) && (
        <nav aria-label="Previous and next pages" className="mt-12 grid gap-3 border-t border-slate-200 pt-6 sm:grid-cols-2">
          {previous ? <PagerLink href={hrefOf(previous.id)} direction="previous" title={previous.title} /> : <span />}
          {next && <PagerLink href={hrefOf(next.id)} direction="next" title={next.title} />}
        </nav>
      )}
      <p className="sr-only">
        Page {index + 1} of {pages.length} in {space.title}. <IntentLink href={`/o/${organizationId}/s/${space.id}/change-requests`}>Change requests</IntentLink>
      </p>
    </article>
  );
  if (!discussed) return article;
  return (
    <DiscussionProvider scope={{ spaceId: space.id }} pageId={pageId} canComment={space.permissions.comment}>
      <div className="gap-12 lg:flex lg:items-start">
        {article}
        <DiscussionPanel newCommentPage={pageId} newCommentLabel="Comment on this page" />
      </div>
    </DiscussionProvider>
  );
}

function PagerLink({ href, direction, title }: { href: string; direction: "previous" | "next"; title: string }) {
  const next = direction === "next";
  return (
    <IntentLink
      href={href}
      rel={next ? "next" : "prev"}
      className={`group flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:border-indigo-300 hover:bg-indigo-50/40 ${next ? "justify-end text-right sm:col-start-2" : ""}`}
    >
      {!next && <ArrowLeft aria-hidden className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />}
      <span className="min-w-0">
        <span className="block text-xs text-slate-500">{next ? "Next" : "Previous"}</span>
        <span className="block truncate font-medium text-slate-900">{title || "Untitled page"}</span>
      </span>
      {next && <ArrowRight aria-hidden className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />}
    </IntentLink>
  );
}
