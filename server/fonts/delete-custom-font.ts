import type { ServiceContext } from "../context";
import { writeChange } from "../events/write-change";
import { authorizeWrite, record } from "./custom-font-records";

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
