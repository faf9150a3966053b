import type { z } from "zod";
import type { ServiceContext } from "../context";
import { db } from "../db/client";
import { newId } from "../ids";
import type { OrganizationRecord } from "./records";
import type { createOrganizationInput } from "./schemas";
import { assertPerson } from "../policies/installation";

/** Creates an organization with the caller as its first admin. */
export async function createOrganization(ctx: ServiceContext, input: z.infer<typeof createOrganizationInput>): Promise<OrganizationRecord> {
  assertPerson(ctx.actor);
  const organization = await db().organization.create({
    data: {
      id: newId(),
      title: input.title,
      emailDomains: input.emailDomains ?? [],
      members: { create: { userId: ctx.actor.userId, role: "admin" } },
    },
  });
  return { ...organization, memberRole: "admin" };
}
