import type { Actor } from "../auth/actor";
import { z } from "zod";
import { loadChangeRequest, type ChangeRequestAccess } from "../change-requests/access";
import { inReadingOrder, readPage, readPages, type PageVersion } from "../content/revisions";
import { ObjectStore } from "../content/store/object-store";
import { spaceVariablesOf } from "../content/variables";
import { requestContext, type ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import { fieldError, forbidden, notFound } from "../errors";
import { entityIdSchema } from "../ids";
import { isApiTokenActive } from "../tokens/is-api-token-active";
import { signPdfLink, verifyPdfLink } from "./pdf-token";
import { breadcrumbOf, chapterHtml, contentsHtml, coverHtml } from "./document";
import { revisionFiles } from "./files";
import { pagesHtml } from "./pages-html";
import { renderPdf } from "./render-pdf";
import { authorize } from "../policies/authorize";

/**
 * Query of `GET .../change-requests/{changeRequestId}/pdf`: no `page` exports everything; `page`
 * exports that page with its subpages, and with `only=true` that page alone (`only` without
 * `page` changes nothing).
 */
export const changeRequestPdfParams = z.object({
  page: entityIdSchema.optional(),
  only: z.stringbool({ truthy: ["true"], falsy: ["false"] }).default(false),
});
export type ChangeRequestPdfParams = z.infer<typeof changeRequestPdfParams>;

export type PdfSelection = { pageId?: string; only?: boolean };
export type RenderedPdf = { bytes: Buffer; filename: string };

/**
 * A link, valid for an hour, to the PDF of a change request's content: its signed token (the edge
 * makes it a URL, `presentPdfLink`). Access and the page are checked now, so a bad request fails
 * here rather than when the link is opened; the PDF itself is rendered when the link is opened (see
 * `pdfForLink`).
 */
export async function getChangeRequestPdfUrl(ctx: ServiceContext, spaceId: string, ref: string, params: ChangeRequestPdfParams): Promise<{ token: string }> {
  const tx = db();
  const { changeRequest } = await openChangeRequest(tx, ctx, spaceId, ref);
  if (params.page) {
    const revision = await tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } });
    // A page named in the query is input, not the resource addressed: like other ids given in input, unknown is a 400.
    if (!(await readPage(tx, revision, params.page))) throw fieldError("page", `No page ${params.page} in change request ${changeRequest.number}`);
  }
  const token = signPdfLink({
    spaceId,
    changeRequestId: changeRequest.id,
    ...(params.page ? { pageId: params.page, only: params.only } : {}),
    userId: ctx.actor.userId,
    ...(ctx.actor.tokenId ? { tokenId: ctx.actor.tokenId } : {}),
  });
  return { token };
}

/**
 * The PDF a signed link names, rendered now for the user it was issued to, if they may still read
 * it; a link asked for with an API token works only while that token does.
 */
export async function pdfForLink(token: string): Promise<RenderedPdf> {
  const link = verifyPdfLink(token);
  if (link.tokenId && !(await isApiTokenActive(link.tokenId, link.userId))) {
    throw forbidden("This PDF link no longer works: the API token it was made with has been revoked.");
  }
  const actor: Actor = link.tokenId ? { userId: link.userId, via: "token", tokenId: link.tokenId } : { userId: link.userId, via: "session" };
  return renderChangeRequestPdf(requestContext(actor), link.spaceId, link.changeRequestId, { pageId: link.pageId, only: link.only });
}

/** The change request's current content (all of it, or the selected page) as a PDF. */
export async function renderChangeRequestPdf(ctx: ServiceContext, spaceId: string, ref: string, selection: PdfSelection): Promise<RenderedPdf> {
  const tx = db();
  const { space, changeRequest } = await openChangeRequest(tx, ctx, spaceId, ref);
  const revision = await tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } });
  const all = inReadingOrder(await readPages(tx, revision));
  const selected = selectPages(all, selection);
  if (!selected) throw notFound(`No page ${selection.pageId} in change request ${changeRequest.number}.`);
  const bodies = await new ObjectStore(tx, spaceId).getBodies(new Set(selected.map((page) => page.body)));
  const user = await tx.user.findUnique({ where: { id: ctx.actor.userId }, select: { displayName: true } });

  const byId = new Map(all.map((page) => [page.id, page]));
  const root = selection.pageId ? byId.get(selection.pageId) : undefined;
  const subject = changeRequest.subject.trim() || "Untitled change request";
  const printedPageIds = selected.map((page) => page.id);
  const htmls = await pagesHtml(
    selected.map((page) => ({
      markdown: bodies.get(page.body) ?? "",
      printedPageIds,
      // Read by people: variables show their values.
      variables: { space: spaceVariablesOf(revision), page: page.variables ?? {} },
    })),
    selected,
  );
  const chapters = selected.map((page, index) =>
    chapterHtml({ id: page.id, title: page.title, description: page.description, breadcrumb: breadcrumbOf(page, byId), html: htmls[index]! }),
  );
  const cover = coverHtml({
    label: `Change request #${changeRequest.number} · ${changeRequest.status}`,
    title: space.title,
    subtitle: subject,
    details: [
      root ? `${selection.only ? "Page" : "Section"}: ${root.title}` : `The whole space, ${plural(selected.length, "page")}`,
      ...(root && !selection.only ? [plural(selected.length, "page")] : []),
      `Exported${user ? ` by ${user.displayName}` : ""} on ${new Date().toISOString().slice(0, 10)}`,
    ],
  });
  const contents = selected.length > 1 ? contentsHtml(selected.map((page) => ({ id: page.id, title: page.title, depth: page.depth }))) : "";
  const lang = space.language ?? undefined;
  const bytes = await renderPdf({ title: `${space.title} · ${subject}`, html: cover + contents + chapters.join(""), lang }, { resource: revisionFiles(revision) });
  return { bytes, filename: `${space.title} - change request ${changeRequest.number}${root ? ` - ${root.title}` : ""}.pdf` };
}

async function openChangeRequest(tx: Db, ctx: ServiceContext, spaceId: string, ref: string): Promise<ChangeRequestAccess> {
  const access = await loadChangeRequest(tx, ctx.actor, spaceId, ref);
  authorize(access, "space.exportChangeRequest", access.space);
  return access;
}

type OrderedPage = PageVersion & { depth: number };

/** All pages; or the page `pageId` with its subpages (depths rebased), or alone with `only`. Null when it is not there. */
export function selectPages(pages: OrderedPage[], selection: PdfSelection): OrderedPage[] | null {
  if (!selection.pageId) return pages;
  const index = pages.findIndex((page) => page.id === selection.pageId);
  if (index < 0) return null;
  const root = pages[index]!;
  if (selection.only) return [{ ...root, depth: 0 }];
  let end = index + 1;
  // Reading order is depth-first, so a page's subpages are the deeper pages right after it.
  while (end < pages.length && pages[end]!.depth > root.depth) end++;
  return pages.slice(index, end).map((page) => ({ ...page, depth: page.depth - root.depth }));
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
