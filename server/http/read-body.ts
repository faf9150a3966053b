import { AppError, fieldError } from "../errors";

/**
 * The largest body each kind of route reads. Every route that takes a body reads it through
 * `readBody` with its limit, and the request guard refuses a declared `Content-Length` beyond the
 * largest of them before any route runs.
 */
export const BODY_LIMITS = {
  /** `/v1` JSON bodies (a content batch with its base64 files included). */
  api: 1024 * 1024,
  /** tRPC calls of the admin UI: the same batches as `/v1`. */
  trpc: 1024 * 1024,
  /** next-auth's forms: an email, a password, a CSRF token, a callback URL. */
  auth: 16 * 1024,
  /** A SAML response posted to the ACS: a signed assertion, with the identity provider's certificate in it. */
  saml: 256 * 1024,
  /** A file PUT to an upload URL (server/storage/uploads): a font file, at most 5 MB. */
  storageUpload: 5 * 1024 * 1024,
  /**
   * `publishIntegration`: an icon (256 KB) and three preview images (1 MB each) in base64 — 4.4 MB
   * of text — and a script of up to 1 MB beside the definition.
   */
  integrationPublish: 6 * 1024 * 1024,
} as const;

export const MAX_BODY_BYTES = Math.max(...Object.values(BODY_LIMITS));

export function bodyTooLarge(limit: number): AppError {
  return fieldError("body", `Larger than the limit of ${limit} bytes`, { code: "payload_too_large" });
}

/**
 * A request's body, read from its stream up to `limit` bytes: a declared length beyond the limit
 * is refused before reading, and a chunked body stops being read at the chunk that crosses it.
 * The rest is left unread on the connection, which the app server closes after the answer
 * (scripts/serve.ts): cancelling the stream would tear the connection down before the 413 is sent.
 */
export async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw bodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) throw bodyTooLarge(limit);
      chunks.push(next.value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
