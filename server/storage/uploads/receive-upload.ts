import { db } from "../../db/client";
import { badRequest, notFound } from "../../errors";
import { readBody } from "../../http/read-body";
import { fileStorage } from "../file-storage";
import { hashUploadToken } from "./generate-upload-url";
import { MAX_FONT_BYTES } from "./schemas";

/** WOFF2 and WOFF files begin with these four bytes (their `signature`); nothing else is taken as a font. */
const FONT_SIGNATURES: Record<string, "woff2" | "woff"> = { wOF2: "woff2", wOFF: "woff" };

/**
 * The PUT to an upload URL: the token is the authorization (it was handed to someone who may upload),
 * used once — claimed before a byte is read, so two uploads to one URL cannot both land. The body is
 * read up to the declared size (and never past the kind's cap), must be exactly that long, and must be
 * a WOFF2 or WOFF file by its first bytes; then its bytes go to file storage.
 */
export async function receiveUpload(token: string, request: Request): Promise<{ key: string; size: number; format: "woff2" | "woff" }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound("This upload URL does not exist.");
  const claimed = await db().storageUpload.updateManyAndReturn({
    where: { tokenHash: hashUploadToken(token), usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  const upload = claimed[0];
  if (!upload) throw notFound("This upload URL does not exist, has expired or was already used; ask for a new one.");
  const bytes = await readExactly(request, Math.min(upload.size, MAX_FONT_BYTES));
  const format = FONT_SIGNATURES[bytes.subarray(0, 4).toString("latin1")];
  if (!format) throw badRequest(`${upload.name} is not a WOFF2 or WOFF font file (it does not begin with wOF2 or wOFF); convert the font to WOFF2 and upload it again.`);
  const blob = await fileStorage().put(bytes);
  await db().storageUpload.update({ where: { id: upload.id }, data: { blob, format } });
  return { key: upload.key, size: bytes.length, format };
}

/** The body, refused as soon as it goes past `size` bytes (413), and when it ends short of them. */
async function readExactly(request: Request, size: number): Promise<Buffer> {
  const bytes = Buffer.from(await readBody(request, size));
  if (bytes.length !== size) throw badRequest(`body: the file ended after ${bytes.length} bytes; ${size} were announced.`);
  return bytes;
}
