import type { JSONDocument } from "@gitbook/api";
import { documentToMarkdown } from "@/server/content/format/document-to-markdown";
import { addPage, updatePage, type Draft, type DraftPage } from "./draft-model";

/**
 * Unsaved work kept on this device (localStorage), so that text typed since the last save
 * survives a reload, a crash of the tab or a save that cannot go through: one entry per page of a
 * change request that differs from what the server holds, with what the server held when the
 * work began (`base`), written as the editor changes and removed once the server has it. On
 * return, entries that still differ from the server's pages are offered back.
 */

/** One page's unsaved work. */
export type KeptPage = {
  title: string;
  markdown: string;
  document?: JSONDocument;
  /** The server's page the work began from; null for a page made in the editor and not yet saved. */
  base: { title: string; markdown: string } | null;
  /** Only the text could be kept: the editor could not write the page's document. */
  textOnly?: true;
  savedAt: number;
};

/** A kept page that differs from the server's, offered back. */
export type KeptOffer = { id: string; page: KeptPage; serverTitle: string | null; changedSince: boolean };

export type DraftScope = { spaceId: string; changeRequest: string };

const PREFIX = "quire.draft";
const keyOf = (scope: DraftScope, pageId: string) => `${PREFIX}:${scope.spaceId}:${scope.changeRequest}:${pageId}`;
const prefixOf = (scope: DraftScope) => `${PREFIX}:${scope.spaceId}:${scope.changeRequest}:`;

function isKeptPage(value: unknown): value is KeptPage {
  const page = value as KeptPage | null;
  return !!page && typeof page.title === "string" && typeof page.markdown === "string" && typeof page.savedAt === "number" && (page.base === null || typeof page.base?.markdown === "string");
}

/** The kept pages of a change request, by page id (or draft key, for a page not yet saved). */
export function readKept(storage: Storage, scope: DraftScope): Map<string, KeptPage> {
  const kept = new Map<string, KeptPage>();
  const prefix = prefixOf(scope);
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      const page: unknown = JSON.parse(storage.getItem(key) ?? "null");
      if (isKeptPage(page)) kept.set(key.slice(prefix.length), page);
    } catch {}
  }
  return kept;
}

/** Plain text as page markdown: what is kept of a page whose document could not be written. */
export function textAsMarkdown(text: string): string {
  const paragraphs = text.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== "");
  const leaf = (line: string) => ({ object: "leaf" as const, text: line, marks: [] });
  const nodes = paragraphs.map((paragraph) => ({ object: "block" as const, type: "paragraph" as const, data: {}, nodes: [{ object: "text" as const, leaves: [leaf(paragraph)] }] }));
  return documentToMarkdown({ object: "document", data: {}, nodes });
}

/**
 * Writes what differs between `draft` and `original` (what the server holds) and removes the
 * rest. `idOf` names a page by its server id once it has one; `texts` are the pages whose
 * document could not be written, with their text; entries named in `keep` are left as they are
 * (offered back, not yet answered). Answers whether everything could be written.
 */
export function keepUnsaved(
  storage: Storage,
  scope: DraftScope,
  { original, draft, idOf, texts, keep, now }: { original: Draft; draft: Draft; idOf: (key: string) => string | undefined; texts: Record<string, string>; keep: ReadonlySet<string>; now: number },
): boolean {
  const wanted = new Map<string, KeptPage>();
  for (const page of Object.values(draft.pages)) {
    const before = original.pages[page.key];
    const text = texts[page.key];
    if (text === undefined && before && before.title === page.title && before.markdown === page.markdown) continue;
    const base = before && idOf(page.key) ? { title: before.title, markdown: before.markdown } : null;
    const kept: KeptPage =
      text !== undefined
        ? { title: page.title, markdown: textAsMarkdown(text), base, textOnly: true, savedAt: now }
        : { title: page.title, markdown: page.markdown, ...(page.document ? { document: page.document } : {}), base, savedAt: now };
    wanted.set(idOf(page.key) ?? page.key, kept);
  }
  let complete = true;
  for (const id of readKept(storage, scope).keys()) if (!wanted.has(id) && !keep.has(id)) storage.removeItem(keyOf(scope, id));
  for (const [id, page] of wanted) {
    if (keep.has(id)) continue;
    try {
      storage.setItem(keyOf(scope, id), JSON.stringify(page));
    } catch {
      // Storage full or refused: the page is still in the editor, and the status says what is unsaved.
      complete = false;
    }
  }
  return complete;
}

/** Kept pages that differ from the server's (`server`: the draft as loaded), to offer back; the others are forgotten. */
export function offersFor(storage: Storage, scope: DraftScope, server: Draft): KeptOffer[] {
  const offers: KeptOffer[] = [];
  for (const [id, page] of readKept(storage, scope)) {
    const current = server.pages[id];
    if (current && current.title === page.title && current.markdown === page.markdown && !page.textOnly) {
      storage.removeItem(keyOf(scope, id));
      continue;
    }
    const changedSince = !!current && !!page.base && (current.title !== page.base.title || current.markdown !== page.base.markdown);
    offers.push({ id, page, serverTitle: current?.title ?? null, changedSince });
  }
  return offers.sort((a, b) => b.page.savedAt - a.page.savedAt);
}

/** The draft with the offered pages put back: over the server's page, or as a new page at the end. */
export function restoreOffers(draft: Draft, offers: KeptOffer[], newKey: () => string): Draft {
  let next = draft;
  for (const { id, page } of offers) {
    const fields: Partial<DraftPage> = { title: page.title, markdown: page.markdown, document: page.textOnly ? undefined : page.document };
    next = next.pages[id] ? updatePage(next, id, fields) : addPage(next, { key: newKey(), title: page.title, markdown: page.markdown, document: fields.document, slugFollowsTitle: true }, {});
  }
  return next;
}

export function forgetKept(storage: Storage, scope: DraftScope, ids: Iterable<string>): void {
  for (const id of ids) storage.removeItem(keyOf(scope, id));
}
