import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { forbidden, notFound } from "../errors";
import { entityIdSchema } from "../ids";

/**
 * Signed, short-lived PDF links. The link names what to render, for whom, and the API token it
 * was asked for with (by id) if any; nothing is stored, so any server can answer it, and the PDF is
 * rendered when the link is opened, after checking again that the token is still in force and
 * the user may still read the content. The link never carries the token itself.
 */

export const PDF_LINK_TTL_SECONDS = 60 * 60;

const payloadSchema = z.object({
  spaceId: entityIdSchema,
  changeRequestId: entityIdSchema,
  pageId: entityIdSchema.optional(),
  only: z.boolean().optional(),
  userId: entityIdSchema,
  /** The API token that asked for the link: the link ends when the token is revoked. */
  tokenId: entityIdSchema.optional(),
  /** Expiry, in seconds since the epoch. */
  exp: z.number().int(),
});

export type PdfLink = z.infer<typeof payloadSchema>;

// Used only when no secret is configured (tests, `next dev` without one): links then work on this process only.
let processSecret: string | undefined;

/**
 * A key for PDF links alone, derived from the server secret, so a PDF link signs nothing else.
 * v2: links name the API token they were asked for with; v1 links, which did not, no longer verify.
 */
function signingKey(): Buffer {
  const secret = process.env.QUIRE_SECRET || process.env.NEXTAUTH_SECRET || (processSecret ??= randomBytes(32).toString("base64url"));
  return createHmac("sha256", secret).update("quire:pdf-link:v2").digest();
}

const mac = (body: string) => createHmac("sha256", signingKey()).update(body).digest();

export function signPdfLink(link: Omit<PdfLink, "exp">, now = Date.now()): string {
  const payload: PdfLink = { ...link, exp: Math.floor(now / 1000) + PDF_LINK_TTL_SECONDS };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(body).toString("base64url")}`;
}

/** The link a token names; 404 when it was not signed here (or was altered), 403 once expired. */
export function verifyPdfLink(token: string, now = Date.now()): PdfLink {
  const invalid = () => notFound("No such PDF link.");
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0 || token.length > 2048) throw invalid();
  const given = Buffer.from(signature, "base64url");
  const expected = mac(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) throw invalid();
  if (parsed.data.exp * 1000 <= now) throw forbidden("This PDF link has expired: ask for a new one.");
  return parsed.data;
}
