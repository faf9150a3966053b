import type { ServiceContext } from "../../context";
import { writeChange } from "../../events/write-change";
import { assertPublicDestination } from "../../net/destination-check";
import { loadForAdmin, recordIn } from "./integration-admin";
import type { DevelopmentModeInput } from "./schemas";

/**
 * Turns development mode on: events go to `tunnelUrl` instead of the endpoint, for the owner
 * organization's installations, or every organization's with `all`. The tunnel's address is
 * checked now and again when delivering (server/net/safe-fetch.ts), since what it resolves to can change.
 */
export async function setIntegrationDevelopmentMode(ctx: ServiceContext, name: string, input: DevelopmentModeInput): Promise<void> {
  await assertPublicDestination("tunnelUrl", input.tunnelUrl);
  await writeChange(ctx, async (tx, events) => {
    const integration = await loadForAdmin(tx, ctx, name);
    if (integration.devTunnelUrl === input.tunnelUrl && integration.devAll === input.all) {
      events.nothingChanged();
      return;
    }
    await tx.integration.update({ where: { id: integration.id }, data: { devTunnelUrl: input.tunnelUrl, devAll: input.all, updatedAt: new Date() } });
    // The tunnel's URL stays out of the record, as it stays out of every answer but the developer settings.
    recordIn(events, integration, "integration.development_mode_changed", { enabled: true, all: input.all });
  });
}
