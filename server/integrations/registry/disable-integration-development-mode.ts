import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { loadForAdmin, recordIn } from "./integration-admin";

/** Turns development mode off: events go to the endpoint again. Already off: nothing changes. */
export async function disableIntegrationDevelopmentMode(ctx: ServiceContext, name: string): Promise<void> {
  await writeChange(ctx, async (tx, events) => {
    const integration = await loadForAdmin(tx, ctx, name);
    if (integration.devTunnelUrl === null) {
      events.nothingChanged();
      return;
    }
    await tx.integration.update({ where: { id: integration.id }, data: { devTunnelUrl: null, devAll: false, updatedAt: new Date() } });
    recordIn(events, integration, "integration.development_mode_changed", { enabled: false, all: false });
  });
}
