import type { ServiceContext } from "../context";
import { fieldError } from "../errors";
import { writeChange } from "../events/write-change";
import { authorizeWrite, loadFont, fontRecord, record, resolveFaces } from "./custom-font-records";
import { fontFacesInclude } from "./font-records";
import type { UpdateCustomFontInput } from "./schemas";

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
      return fontRecord(access, font);
    }
    await tx.customFontFace.deleteMany({ where: { fontId } });
    const updated = await tx.customFont.update({
      where: { id: fontId },
      data: { fontFamily: input.fontFamily ?? font.fontFamily, updatedAt: new Date(), faces: { create: faces } },
      include: fontFacesInclude,
    });
    record(events, organizationId, "custom_font.updated", updated);
    return fontRecord(access, updated);
  });
}
