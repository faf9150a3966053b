import type { ServiceContext } from "../../context";
import { Prisma } from "../../db/generated/client";
import { notFound } from "../../errors";
import { writeChange } from "../../events/write-change";
import { authorizeRedelivery, record, reopen, type DeliveryRef, wake } from "./redelivery";

export async function redeliverEvent(ctx: ServiceContext, deliveryId: string): Promise<{ id: string }> {
  return writeChange(ctx, async (tx, events) => {
    const [delivery] = await tx.$queryRaw<DeliveryRef[]>`
      SELECT id, integration_id, installation_id, webhook_id, organization_id, status FROM event_deliveries WHERE id = ${deliveryId} FOR UPDATE`;
    if (!delivery) throw notFound(`No delivery ${deliveryId}.`);
    const organizationId = await authorizeRedelivery(tx, ctx, delivery);
    if (delivery.status === "pending") {
      events.nothingChanged();
      return { id: delivery.id };
    }
    await reopen(tx, Prisma.sql`id = ${delivery.id}`);
    await wake(tx, [delivery]);
    record(events, organizationId, delivery, 1);
    return { id: delivery.id };
  });
}
