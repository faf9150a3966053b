import type { ServiceContext } from "../context";
import { db, type Db } from "../db/client";
import type { EventRecorder } from "../events/record-event";
import { writeChange } from "../events/write-change";
import { fieldError, notFound } from "../errors";
import { newId } from "../ids";
import { paginateById, type ListParams } from "../pagination";
import { loadOrganization, type OrgAccess } from "../policies/access";
import { customFontPermissions } from "../policies/site";
import type { CreateCustomFontInput, UpdateCustomFontInput } from "./schemas";
import { fontFacesInclude, presentFont, type FontWithFaces } from "./present-font";
import { authorize } from "../policies/authorize";

/**
 * An organization's custom fonts (the reference's custom-fonts operations): a family name and one
 * uploaded WOFF2/WOFF file per weight, which any of its sites may use. Members read them; those who
 * may customize sites manage them (customFontPermissions).
 */


async function loadFont(tx: Db, organizationId: string, fontId: string): Promise<FontWithFaces> {
  const font = await tx.customFont.findFirst({ where: { id: fontId, organizationId }, include: fontFacesInclude });
  if (!font) throw notFound(`No font ${fontId}.`);
  return font;
}

const present = (ctx: ServiceContext, access: OrgAccess, font: FontWithFaces) => presentFont(font, ctx.baseUrl, { edit: customFontPermissions(access.memberRole).edit });

export async function listCustomFonts(ctx: ServiceContext, organizationId: string, params: ListParams) {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  const page = await paginateById(
    params,
    (afterId, take) => tx.customFont.findMany({ where: { organizationId, ...(afterId ? { id: { gt: afterId } } : {}) }, include: fontFacesInclude, orderBy: { id: "asc" }, take }),
    () => tx.customFont.count({ where: { organizationId } }),
  );
  return { ...page, items: page.items.map((font) => present(ctx, access, font)) };
}

/** What the caller may do with the organization's fonts: the editor offers "Upload a font" from it. */
export async function customFontAccess(ctx: ServiceContext, organizationId: string) {
  return customFontPermissions((await loadOrganization(db(), ctx.actor, organizationId)).memberRole);
}

export async function getCustomFont(ctx: ServiceContext, organizationId: string, fontId: string) {
  const tx = db();
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  return present(ctx, access, await loadFont(tx, organizationId, fontId));
}

/**
 * The faces as stored: each storage key must name a font file this organization uploaded (a
 * `customization_font` upload that arrived), each weight appear once, and weight 400 be there —
 * the face browsers fall back to (412, as the reference says).
 */
async function resolveFaces(tx: Db, organizationId: string, faces: { weight: number; storageKey: string }[]) {
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

function record(events: EventRecorder, organizationId: string, action: "custom_font.created" | "custom_font.updated" | "custom_font.deleted", font: { id: string; fontFamily: string }) {
  events.record({ organizationId, action, target: { type: "custom-font", id: font.id, label: font.fontFamily }, payload: { fontId: font.id } });
}

async function authorizeWrite(tx: Db, ctx: ServiceContext, organizationId: string): Promise<OrgAccess> {
  const access = await loadOrganization(tx, ctx.actor, organizationId);
  authorize(access, "organization.manageFonts");
  return access;
}

export async function createCustomFont(ctx: ServiceContext, organizationId: string, input: CreateCustomFontInput) {
  return writeChange(ctx, async (tx, events) => {
    const access = await authorizeWrite(tx, ctx, organizationId);
    const faces = await resolveFaces(tx, organizationId, input.fontFaces);
    const font = await tx.customFont.create({
      data: { id: newId(), organizationId, fontFamily: input.fontFamily, faces: { create: faces } },
      include: fontFacesInclude,
    });
    record(events, organizationId, "custom_font.created", font);
    return present(ctx, access, font);
  });
}

/** Renames the font and sets (a storage key) or removes (null) the faces named by weight; the others stay. */
export async function updateCustomFont(ctx: ServiceContext, organizationId: string, fontId: string, input: UpdateCustomFontInput) {
  return writeChange(ctx, async (tx, events) => {
    const access = await authorizeWrite(tx, ctx, organizationId);
    const font = await loadFont(tx, organizationId, fontId);
    const next = new Map(font.faces.map((face) => [face.weight, face.upload.key]));
    const given = new Set<number>();
    for (const [index, face] of (input.fontFaces ?? []).entries()) {
      if (given.has(face.weight)) throw fieldError(`fontFaces.${index}.weight`, `Weight ${face.weight} is given twice; give one change per weight.`);
      given.add(face.weight);
      if (face.storageKey === null) next.delete(face.weight);
      else next.set(face.weight, face.storageKey);
    }
    const faces = await resolveFaces(tx, organizationId, [...next].map(([weight, storageKey]) => ({ weight, storageKey })));
    const unchanged =
      (input.fontFamily ?? font.fontFamily) === font.fontFamily &&
      faces.length === font.faces.length &&
      faces.every((face) => font.faces.some((old) => old.weight === face.weight && old.uploadId === face.uploadId));
    if (unchanged) {
      events.nothingChanged();
      return present(ctx, access, font);
    }
    await tx.customFontFace.deleteMany({ where: { fontId } });
    const updated = await tx.customFont.update({
      where: { id: fontId },
      data: { fontFamily: input.fontFamily ?? font.fontFamily, updatedAt: new Date(), faces: { create: faces } },
      include: fontFacesInclude,
    });
    record(events, organizationId, "custom_font.updated", updated);
    return present(ctx, access, updated);
  });
}

/** Deletes a font: whether there was one (the reference's 205) or not (204). Its files stop being served. */
export async function deleteCustomFont(ctx: ServiceContext, organizationId: string, fontId: string): Promise<{ removed: boolean }> {
  return writeChange(ctx, async (tx, events) => {
    await authorizeWrite(tx, ctx, organizationId);
    const font = await tx.customFont.findFirst({ where: { id: fontId, organizationId } });
    if (!font) {
      events.nothingChanged();
      return { removed: false };
    }
    await tx.customFont.delete({ where: { id: fontId } });
    record(events, organizationId, "custom_font.deleted", font);
    return { removed: true };
  });
}
