import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { newId } from "../ids";
import { authorizeWrite, fontRecord, record, resolveFaces } from "./custom-font-records";
import { fontFacesInclude } from "./font-records";
import type { CreateCustomFontInput } from "./schemas";

export async function createCustomFont(ctx: ServiceContext, organizationId: string, input: CreateCustomFontInput) {
  return writeChange(ctx, async (tx, events) => {
    const access = await authorizeWrite(tx, ctx, organizationId);
    const faces = await resolveFaces(tx, organizationId, input.fontFaces);
    const font = await tx.customFont.create({
      data: { id: newId(), organizationId, fontFamily: input.fontFamily, faces: { create: faces } },
      include: fontFacesInclude,
    });
    record(events, organizationId, "custom_font.created", font);
    return fontRecord(access, font);
  });
}
