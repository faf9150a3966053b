import { db } from "../../db/client";
import { badRequest, fieldError, notFound } from "../../errors";
import { readBody } from "../../http/read-body";
import { urlsFor } from "../../http/urls";
import { fileStorage } from "../file-storage";
import { imageFormat } from "../image-dimensions";
import { hashUploadToken } from "./generate-upload-url";
import { UPLOAD_KINDS, type TakenUploadKind } from "./schemas";

/** WOFF2 and WOFF files begin with these four bytes (their `signature`); nothing else is taken as a font. */
const FONT_SIGNATURES: Record<string, "woff2" | "woff"> = { wOF2: "woff2", wOFF: "woff" };

/** What the bytes of each kind must be, by their first bytes: the format found, or the refusal's reason. */
const FORMAT_OF: Record<TakenUploadKind, (bytes: Buffer, name: string) => string> = {
  customization_font: (bytes, name) => {
    const format = FONT_SIGNATURES[bytes.subarray(0, 4).toString("latin1")];
    if (!format) throw badRequest(`${name} is not a WOFF2 or WOFF font file (it does not begin with wOF2 or wOFF); convert the font to WOFF2 and upload it again.`);
    return format;
  },
  organization_file: (bytes, name) => {
    const format = imageFormat(bytes);
    if (!format) throw badRequest(`${name} is not a PNG, JPEG, GIF or WebP image; save it as PNG and upload it again.`);
    return format;
  },
};

/**
 * The PUT to an upload URL: the token is the authorization (it was handed to someone who may upload),
 * used once — claimed before a byte is read, so two uploads to one URL cannot both land. The body is
 * read up to the declared size (and never past the kind's cap), must be exactly that long, and must be
 * what its kind takes by its first bytes (a WOFF2 or WOFF font; a PNG, JPEG, GIF or WebP image);
 * then its bytes go to file storage. An organization file's answer also has the URL it is served at
 * (what `logo` takes).
 */
export async function receiveUpload(token: string, request: Request, baseUrl: string): Promise<{ key: string; size: number; format: string; url?: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound("This upload URL does not exist.");
  const claimed = await db().storageUpload.updateManyAndReturn({
    where: { tokenHash: hashUploadToken(token), usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  const upload = claimed[0];
  if (!upload) throw notFound("This upload URL does not exist, has expired or was already used; ask for a new one.");
  const kind = upload.kind as TakenUploadKind;
  const bytes = await readExactly(request, Math.min(upload.size, UPLOAD_KINDS[kind].maxBytes));
  const format = FORMAT_OF[kind](bytes, upload.name);
  const blob = await fileStorage().put(bytes);
  await db().storageUpload.update({ where: { id: upload.id }, data: { blob, format } });
  return { key: upload.key, size: bytes.length, format, ...(kind === "organization_file" ? { url: urlsFor(baseUrl).organizationFile(upload.organizationId, upload.id) } : {}) };
}

/** The body, refused as soon as it goes past `size` bytes (413), and when it ends short of them. */
async function readExactly(request: Request, size: number): Promise<Buffer> {
  const bytes = Buffer.from(await readBody(request, size));
  if (bytes.length !== size) throw fieldError("body", `The file ended after ${bytes.length} bytes; ${size} were announced.`);
  return bytes;
}
