import type { ServiceContext } from "../context";
import type { Db } from "../db/client";
import { fieldError, notFound } from "../errors";
import type { EventRecorder } from "../events/record-event";
import { loadOrganization, type OrgAccess } from "../policies/access";
import { authorize } from "../policies/authorize";
import { fontFacesInclude, type FontRecord, type FontWithFaces } from "./font-records";

/**
 * An organization's custom fonts (the reference's custom-fonts operations): a family name and one
 * uploaded WOFF2/WOFF file per weight, which any of its sites may use. Members read them; those who
 * may customize sites manage them (customFontPermissions).
 */

export async function loadFont(tx: Db, organizationId: string, fontId: string): Promise<FontWithFaces> {
  const font = await tx.customFont.findFirst({ where: { id: fontId, organizationId }, include: fontFacesInclude });
  if (!font) throw notFound(`No font ${fontId}.`);
  return font;
}

/** The font as its services return it, for the caller whose organization access is `access`. */
export const fontRecord = (access: OrgAccess, font: FontWithFaces): FontRecord => ({ ...font, role: access.memberRole });

/**
 * The faces as stored: each storage key must name a font file this organization uploaded (a
 * `customization_font` upload that arrived), each weight appear once, and weight 400 be there —
 * the face browsers fall back to (412, as the reference says).
 */
export async function resolveFaces(tx: Db, organizationId: string, faces: { weight: number; storageKey: string }[]) {
  const seen = new Set<number>();
  for (const [index, face] of faces.entries()) {
    if (seen.has(face.weight)) throw fieldError(`fontFaces.${index}.weight`, `Weight ${face.weight} is given twice; give one file per weight.`);
    seen.add(face.weight);
  }
  if (!seen.has(400)) throw fieldError("fontFaces", "A font needs a regular face (weight 400).", { code: "precondition_failed" });
  const uploads = await tx.storageUpload.findMany({
    where: { organizationId, kind: "customization_font", key: { in: faces.map((face) => face.storageKey) }, blob: { not: null } },
    select: { id: true, key: true },
  });
  const byKey = new Map(uploads.map((upload) => [upload.key, upload.id]));
  return faces.map((face, index) => {
    const uploadId = byKey.get(face.storageKey);
    if (!uploadId) throw fieldError(`fontFaces.${index}.storageKey`, `No font file uploaded to this organization has this key; upload the file first (generateStorageUploadURL).`);
    return { weight: face.weight, uploadId };
  });
}

export function record(events: EventRecorder, organizationId: string, action: "custom_font.created" | "custom_font.updated" | "custom_font.deleted", font: { id: string; fontFamily: string }) {
  events.record({ organizationId, action, target: { type: "custom-font", id: font.id, label: font.fontFamily }, payload: { fontId: font.id } });
}

export async function authorizeWrite(tx: Db, ctx: ServiceContext, organizationId: string): Promise<OrgAccess> {
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  authorize(access, "organization.manageFonts");
  return access;
}
