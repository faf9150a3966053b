import type { FileVersion } from "../../content/revisions";
import { newId } from "../../ids";
import { safeFetch, SafeFetchError } from "../../net/safe-fetch";
import { blobKey } from "../../storage/blob-key";
import { imageDimensions } from "../../storage/image-dimensions";
import { changePath, type ContentChange, type FileSource } from "../schemas-content";
import { sentence } from "../../errors";

export const MAX_BASE64_BYTES = 1024 * 1024;
export const MAX_URL_BYTES = 10 * 1024 * 1024;
/** All the files of one batch together, since they are held in memory until it commits. */
export const MAX_BATCH_FILE_BYTES = 50 * 1024 * 1024;
const FETCH_CONCURRENCY = 4;

export type LoadedFile = { version: FileVersion; bytes: Buffer };
/** A file's bytes, or why they could not be had (reported when the batch reaches its change). */
export type FileOutcome = { ok: true; file: LoadedFile } | { ok: false; field: string; message: string };

/** `2:0` for `changes[2].files[0]`. */
export const fileSlot = (change: number, file: number) => `${change}:${file}`;

/**
 * The bytes of every file of the batch's `insert_files` changes: base64 decoded, URLs fetched
 * (through safe-fetch, a few at a time). Done before the batch's transaction, so no row lock is
 * held while remote servers answer; failures wait in the outcome, so the batch still rejects the
 * first invalid change in order.
 */
export async function loadFileSources(changes: ContentChange[]): Promise<Map<string, FileOutcome>> {
  const outcomes = new Map<string, FileOutcome>();
  const fetches: (() => Promise<void>)[] = [];
  let budget = MAX_BATCH_FILE_BYTES;
  const createdAt = new Date().toISOString();
  changes.forEach((change, index) => {
    if (change.operation !== "insert_files") return;
    change.files.forEach((source, position) => {
      const slot = fileSlot(index, position);
      const field = changePath(index, ["files", position]);
      if (source.base64 !== undefined) {
        const decoded = decodeBase64(source.base64);
        if (typeof decoded === "string") outcomes.set(slot, { ok: false, field: `${field}.base64`, message: sentence(decoded) });
        else if ((budget -= decoded.length) < 0) outcomes.set(slot, { ok: false, field, message: `The batch's files exceed ${MAX_BATCH_FILE_BYTES} bytes` });
        else outcomes.set(slot, { ok: true, file: loaded(source, decoded, null, createdAt) });
        return;
      }
      fetches.push(async () => {
        try {
          const fetched = await safeFetch(source.url!, { maxBytes: Math.min(MAX_URL_BYTES, Math.max(budget, 0)) });
          // Checked again after the fetch: concurrent fetches share the budget.
          if ((budget -= fetched.bytes.length) < 0) outcomes.set(slot, { ok: false, field, message: `The batch's files exceed ${MAX_BATCH_FILE_BYTES} bytes` });
          else outcomes.set(slot, { ok: true, file: loaded(source, fetched.bytes, fetched.contentType, createdAt) });
        } catch (error) {
          if (!(error instanceof SafeFetchError)) throw error;
          outcomes.set(slot, { ok: false, field: `${field}.url`, message: sentence(error.message) });
        }
      });
    });
  });
  const workers = Array.from({ length: Math.min(FETCH_CONCURRENCY, fetches.length) }, async () => {
    for (let next = fetches.shift(); next; next = fetches.shift()) await next();
  });
  await Promise.all(workers);
  return outcomes;
}

function decodeBase64(text: string): Buffer | string {
  const compact = text.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return "not valid base64";
  if ((compact.length / 4) * 3 > MAX_BASE64_BYTES + 2) return `larger than ${MAX_BASE64_BYTES} bytes once decoded; use url`;
  const bytes = Buffer.from(compact, "base64");
  return bytes.length > MAX_BASE64_BYTES ? `larger than ${MAX_BASE64_BYTES} bytes once decoded; use url` : bytes;
}

function loaded(source: FileSource, bytes: Buffer, servedType: string | null, createdAt: string): LoadedFile {
  const dimensions = imageDimensions(bytes);
  return {
    bytes,
    version: {
      id: newId(),
      name: source.name,
      contentType: source.contentType ?? servedType ?? typeFromName(source.name),
      size: bytes.length,
      ...(dimensions ?? {}),
      blob: blobKey(bytes),
      createdAt,
    },
  };
}

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  json: "application/json",
  zip: "application/zip",
  mp4: "video/mp4",
};

function typeFromName(name: string): string {
  return TYPES[name.split(".").pop()!.toLowerCase()] ?? "application/octet-stream";
}
