import { z } from "zod";
import type { ServiceContext } from "../../context";
import { inTransaction } from "../../db/transaction";
import { loadIntegration } from "../load";
import { recordOrganizationEvents } from "./record";
import { authorize } from "../../policies/authorize";

export const queueIntegrationTaskBody = z.object({
  task: z.record(z.string(), z.unknown()),
  schedule: z.number().min(0).max(86_400).optional(),
});
export type QueueIntegrationTaskBody = z.infer<typeof queueIntegrationTaskBody>;

/**
 * Queues a background task for the integration (the reference's `queueIntegrationTask`): a `task`
 * event delivered to the integration itself — its dispatch URL, like its installations' events — no
 * sooner than `schedule` seconds from now. Only the integration, calling with its own token, queues
 * tasks for itself. It is not a change anyone else sees, so no domain event is recorded.
 */
export async function queueIntegrationTask(ctx: ServiceContext, name: string, body: QueueIntegrationTaskBody): Promise<void> {
  await inTransaction(
    async (tx) => {
      const { integration, viewer } = await loadIntegration(tx, ctx.actor, name);
      authorize(viewer, "integration.queueTasks");
      await recordOrganizationEvents(tx, [
        {
          organizationId: integration.organizationId,
          type: "task",
          integrationId: integration.id,
          payload: { task: body.task },
          deliverAt: new Date(Date.now() + Math.round((body.schedule ?? 0) * 1000)),
        },
      ]);
    },
    "record",
  );
}
