import { createHash, randomBytes } from "node:crypto";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { badRequest, forbidden } from "../../errors";
import { newId } from "../../ids";
import { loadOrganization } from "../../policies/access";
import { customFontPermissions } from "../../policies/site";
import { FONT_MEDIA_TYPES, MAX_FONT_BYTES, UPLOAD_URL_TTL_MS, type GenerateUploadInput } from "./schemas";

/** An upload URL's secret: 32 random bytes; only its hash is stored. */
export const hashUploadToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Where an upload URL points: the app's own upload route (app/api/storage/upload/[token]). */
export const uploadUrl = (baseUrl: string, token: string) => `${baseUrl}/api/storage/upload/${token}`;

/**
 * generateStorageUploadURL: a short-lived, single-use URL the caller PUTs the file's bytes to, and the
 * StorageFileKey they will be known by (what createCustomFont names). Only font files for site
 * customization are taken, by those who may manage the organization's custom fonts.
 */
export async function generateStorageUploadUrl(ctx: ServiceContext, organizationId: string, input: GenerateUploadInput) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  if (!customFontPermissions(access.memberRole).edit) throw forbidden("Uploading fonts needs the admin role in the organization.");
  if (input.kind !== "customization_font") throw badRequest(`kind: Quire does not take ${input.kind} uploads; only customization_font is supported.`);
  if (!(FONT_MEDIA_TYPES as readonly string[]).includes(input.file.type)) {
    throw badRequest(`file.type: ${input.file.type} is not a web font; upload a WOFF2 or WOFF file (font/woff2, font/woff).`);
  }
  if (input.file.size > MAX_FONT_BYTES) throw badRequest(`file.size: a font file may be at most ${MAX_FONT_BYTES} bytes (5 MB); this one is ${input.file.size}.`);
  const id = newId();
  const token = randomBytes(32).toString("base64url");
  const key = `orgs/${organizationId}/customization_font/${id}`;
  await db().storageUpload.create({
    data: {
      id,
      organizationId,
      kind: input.kind,
      key,
      name: input.file.name,
      contentType: input.file.type,
      size: input.file.size,
      tokenHash: hashUploadToken(token),
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_MS),
    },
  });
  return { object: "storage-signed-url" as const, url: uploadUrl(ctx.baseUrl, token), key };
}
