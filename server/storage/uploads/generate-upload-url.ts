import { createHash, randomBytes } from "node:crypto";
import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { fieldError } from "../../errors";
import { newId } from "../../ids";
import { loadOrganization } from "../../policies/access";
import { UPLOAD_KINDS, UPLOAD_URL_TTL_MS, type GenerateUploadInput, type TakenUploadKind } from "./schemas";
import { authorize } from "../../policies/authorize";

/** An upload URL's secret: 32 random bytes; only its hash is stored. */
export const hashUploadToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Who may upload each kind (server/policies/permission-table.ts): those who manage the custom fonts, and the organization's admins for its files. */
const UPLOAD_ACTIONS = { customization_font: "organization.uploadFont", organization_file: "organization.uploadFile" } as const satisfies Record<TakenUploadKind, string>;

const isTaken = (kind: GenerateUploadInput["kind"]): kind is TakenUploadKind => kind in UPLOAD_KINDS;

/**
 * generateStorageUploadURL: a short-lived, single-use URL the caller PUTs the file's bytes to, and the
 * StorageFileKey they will be known by (the token is the URL's secret: presented at the edge, presentUploadUrl). Font files for site customization (what createCustomFont
 * names) are taken from those who may manage the organization's custom fonts; images for the
 * organization (its logo: updateOrganizationById's `logo`) from its admins.
 */
export async function generateStorageUploadUrl(ctx: ServiceContext, organizationId: string, input: GenerateUploadInput) {
  const access = await loadOrganization(db(), ctx.actor, organizationId);
  const { kind } = input;
  if (!isTaken(kind)) throw fieldError("kind", `Quire does not take ${kind} uploads; only ${Object.keys(UPLOAD_KINDS).join(" and ")} are supported.`);
  authorize(access, UPLOAD_ACTIONS[kind]);
  const rules = UPLOAD_KINDS[kind];
  if (!rules.mediaTypes.includes(input.file.type)) throw fieldError("file.type", `${input.file.type} is not ${rules.expected}.`);
  if (input.file.size > rules.maxBytes) throw fieldError("file.size", `${rules.tooLarge} (${rules.maxBytes} bytes); this one is ${input.file.size}.`);
  const id = newId();
  const token = randomBytes(32).toString("base64url");
  const key = `orgs/${organizationId}/${kind}/${id}`;
  await db().storageUpload.create({
    data: {
      id,
      organizationId,
      kind,
      key,
      name: input.file.name,
      contentType: input.file.type,
      size: input.file.size,
      tokenHash: hashUploadToken(token),
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_MS),
    },
  });
  return { token, key };
}
