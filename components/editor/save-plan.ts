import type { JSONDocument } from "@gitbook/api";
import { isNewKey, ROOT, type PlannedChange } from "./draft-model";

/** The server's bound on one batch (server/change-requests/schemas-content.ts, MAX_CHANGES). */
export const MAX_CHANGES_PER_BATCH = 50;

/** A page body as the server reads it: markdown, or the reference's JSON document (with its block keys). */
type DocumentInput = { markdown: string } | { document: JSONDocument };

/** A content change as the server reads it. */
export type ContentChangeInput =
  | { operation: "insert_page"; title: string; document: DocumentInput; into?: string; at: number; ref: string }
  | { operation: "update_page"; page: string; title?: string; slug?: string; document?: DocumentInput; into?: string | null; at?: number }
  | { operation: "delete_page"; page: string };

/** What a batch answers: the pages it created, by the ref they were given. */
export type BatchAnswer = { changes: { object: string; ref?: string; page?: unknown }[] };

/**
 * Sends a save plan. Usually one batch; a change naming a page created by this save (a new
 * page's subpage, a follow-up write of its body) waits for the batch creating it, since the id
 * is the server's; and batches hold at most MAX_CHANGES_PER_BATCH changes. `created` holds the
 * server's ids of pages created by earlier saves, by draft key, and gains this save's.
 */
export async function sendPlan(
  plan: PlannedChange[],
  send: (changes: ContentChangeInput[]) => Promise<BatchAnswer>,
  onBatchSaved: () => void = () => {},
  created = new Map<string, string>(),
): Promise<Map<string, string>> {
  const idOf = (key: string) => (isNewKey(key) ? created.get(key) : key);
  let batch: ContentChangeInput[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const answer = await send(batch);
    batch = [];
    onBatchSaved();
    for (const change of answer.changes) {
      const page = change.page as { id?: string } | undefined;
      if (change.object === "created_page" && change.ref && page?.id) created.set(change.ref, page.id);
    }
  };
  for (const planned of plan) {
    const named = [planned.operation === "insert_page" ? undefined : planned.key, "parent" in planned ? planned.parent : undefined];
    const waiting = named.some((key) => key !== undefined && key !== ROOT && idOf(key) === undefined);
    if (waiting || batch.length >= MAX_CHANGES_PER_BATCH) await flush();
    batch.push(toInput(planned, (key) => {
      const id = idOf(key);
      if (!id) throw new Error(`The page ${key} was not created.`);
      return id;
    }));
  }
  await flush();
  return created;
}

const body = (planned: { markdown?: string; document?: JSONDocument }): DocumentInput =>
  planned.document ? { document: planned.document } : { markdown: planned.markdown ?? "" };

function toInput(planned: PlannedChange, id: (key: string) => string): ContentChangeInput {
  switch (planned.operation) {
    case "insert_page":
      return {
        operation: "insert_page",
        title: planned.title.trim() || "Untitled page",
        document: body(planned),
        ...(planned.parent !== ROOT ? { into: id(planned.parent) } : {}),
        at: planned.at,
        ref: planned.key,
      };
    case "update_page":
      return {
        operation: "update_page",
        page: id(planned.key),
        ...(planned.title !== undefined ? { title: planned.title.trim() } : {}),
        ...(planned.slug !== undefined ? { slug: planned.slug } : {}),
        ...(planned.markdown !== undefined ? { document: body(planned) } : {}),
        ...(planned.parent !== undefined ? { into: planned.parent === ROOT ? null : id(planned.parent) } : {}),
        ...(planned.at !== undefined ? { at: planned.at } : {}),
      };
    case "delete_page":
      return { operation: "delete_page", page: id(planned.key) };
  }
}
