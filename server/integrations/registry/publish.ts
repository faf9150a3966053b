import type { Actor } from "../../auth/actor";
import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import { writeChange } from "../../events/write-change";
import { conflict, fieldError } from "../../errors";
import { newId } from "../../ids";
import { integrationPermissions, integrationViewer } from "../../policies/integration";
import { decodeIntegrationImages } from "./assets";
import { callerMemberships } from "./memberships";
import { newIntegrationCredentials, sealIntegrationSecrets, type IntegrationCredentials } from "./credentials";
import { assertPublicDestination } from "../../net/destination-check";
import { integrationInclude, type IntegrationRecord } from "./records";
import type { PublishIntegrationInput } from "./schemas";
import { authorize } from "../../policies/authorize";

/** The domain of the bot users' addresses: `.invalid` is reserved, so no mail can ever reach one. */
const BOT_EMAIL_DOMAIN = "integrations.quire.invalid";

/**
 * The organization an integration is published under, by id or by subdomain (its `hostname`), as
 * the caller may see it: one they are not a member of is not found, as one that does not exist —
 * except for the integration itself republishing under its own owner.
 */
async function publishingOrganization(tx: Db, actor: Actor, reference: string, ownOrganizationId: string | null) {
  const organization = (await tx.organization.findUnique({ where: { id: reference } })) ?? (await tx.organization.findUnique({ where: { hostname: reference.toLowerCase() } }));
  const memberships = await callerMemberships(tx, actor);
  const member = organization !== null && memberships.has(organization.id);
  if (!organization || (!member && organization.id !== ownOrganizationId)) throw fieldError("organization", `No organization ${reference} (give its id or its subdomain).`, { code: "not_found" });
  return { organization, member, role: member ? (memberships.get(organization.id) ?? null) : null };
}

/** The definition as stored: what a publish replaces, every field left out going back to its default. */
function definitionOf(input: PublishIntegrationInput) {
  return {
    runtime: input.runtime,
    title: input.title,
    description: input.description,
    summary: input.summary ?? null,
    visibility: input.visibility,
    target: input.target,
    scopes: [...new Set(input.scopes)],
    categories: [...new Set(input.categories ?? [])],
    blocks: input.blocks ?? [],
    contentSources: input.contentSources ?? [],
    configurations: input.configurations ?? {},
    externalLinks: input.externalLinks ?? [],
    contentSecurityPolicy: input.contentSecurityPolicy ?? Prisma.DbNull,
    script: input.script,
    endpoint: input.endpoint ?? null,
  };
}

/** The published integration's record, with its credentials when this publish created it (shown this once). */
export type PublishedIntegration = IntegrationRecord & { credentials: IntegrationCredentials | null };

/**
 * Publishes an integration: the first publish of a name creates it under the organization (with
 * its bot user, token and signing secret, returned this once as `token` and `signingSecret`); a
 * later one replaces its definition and bumps its `version`. The organization's admins publish,
 * and the integration itself with its own token. A name is the organization's that first
 * published it: another organization publishing it gets 409, since names are one namespace for
 * every organization (and no permission would make that publish possible).
 */
export async function publishIntegration(ctx: ServiceContext, name: string, input: PublishIntegrationInput): Promise<PublishedIntegration> {
  const images = decodeIntegrationImages(input.icon, input.previewImages);
  // Before the transaction: resolving the endpoint's host may take a moment.
  await assertPublicDestination("endpoint", input.endpoint);
  return writeChange(ctx, async (tx, events) => {
    // Locked: two publishes of one name bump its version one after the other.
    const [existing] = await tx.$queryRaw<{ id: string; organization_id: string; bot_user_id: string; version: number }[]>`
      SELECT id, organization_id, bot_user_id, version FROM integrations WHERE name = ${name} FOR UPDATE`;
    const isItself = existing !== undefined && ctx.actor.via === "integration" && ctx.actor.integration?.id === existing.id;
    const publisher = await publishingOrganization(tx, ctx.actor, input.organization, isItself ? existing.organization_id : null);
    authorize({ ownerRole: publisher.role, ownerMember: publisher.member, isIntegration: isItself, isIntegrationItself: isItself }, "integration.publish");
    if (existing && existing.organization_id !== publisher.organization.id) {
      throw conflict(`The name ${name} belongs to another organization's integration; publish under another name.`, { name });
    }

    const id = existing?.id ?? newId();
    const definition = definitionOf(input);
    const secrets = await sealIntegrationSecrets(id, input.secrets);
    let shown: IntegrationCredentials | null = null;
    if (existing) {
      await tx.integration.update({ where: { id }, data: { ...definition, secrets, version: existing.version + 1, updatedAt: new Date() } });
      await tx.user.update({ where: { id: existing.bot_user_id }, data: { displayName: input.title } });
      await tx.integrationAsset.deleteMany({ where: { integrationId: id } });
    } else {
      const botUserId = newId();
      // The user the integration acts as: no password and no membership, reachable only through its tokens.
      await tx.user.create({ data: { id: botUserId, email: `${id}@${BOT_EMAIL_DOMAIN}`, displayName: input.title } });
      const credentials = await newIntegrationCredentials(id);
      await tx.integration.create({ data: { id, name, organizationId: publisher.organization.id, botUserId, ...definition, secrets, ...credentials.stored } });
      shown = credentials.shown;
    }
    if (images.length > 0) await tx.integrationAsset.createMany({ data: images.map((image) => ({ integrationId: id, ...image })) });

    const row = await tx.integration.findUniqueOrThrow({ where: { id }, include: integrationInclude });
    events.record({
      organizationId: row.organizationId,
      action: "integration.published",
      target: { type: "integration", id, label: row.title },
      payload: { integrationId: id, integrationName: name, version: row.version },
    });
    const viewer = integrationViewer(ctx.actor, row, { member: publisher.member, role: publisher.role });
    return { ...row, permissions: integrationPermissions(viewer, row.visibility), viewer, credentials: shown };
  });
}
