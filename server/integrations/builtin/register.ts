import { inTransaction } from "../../db/transaction";
import { newId } from "../../ids";
import { decodeIntegrationImages } from "../registry/assets";
import { newIntegrationCredentials } from "../registry/credentials";
import { BUILTIN_INTEGRATIONS, SYSTEM_ORGANIZATION_ID, type BuiltinIntegration } from "./definitions";

const BOT_EMAIL_DOMAIN = "integrations.quire.invalid";

/**
 * Registers the built-in integrations (definitions.ts) so that a new instance's catalog lists them:
 * creates the system organization and each integration with its bot user and icon, or replaces a
 * stored definition older than the code's. Run at every start (scripts/app-server.ts); idempotent,
 * and several app servers starting at once serialize on an advisory lock, the later ones finding
 * everything in place.
 */
export async function registerBuiltinIntegrations(): Promise<void> {
  // Sealing may read the instance key from the database: done before the transaction, for every definition.
  const prepared = await Promise.all(BUILTIN_INTEGRATIONS.map(async (definition) => ({ definition, id: newId(), images: decodeIntegrationImages(definition.icon, []) })));
  const credentials = await Promise.all(prepared.map(({ id }) => newIntegrationCredentials(id)));
  await inTransaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('quire-builtin-integrations', 0))`;
      await tx.organization.upsert({ where: { id: SYSTEM_ORGANIZATION_ID }, create: { id: SYSTEM_ORGANIZATION_ID, title: "Quire", defaultRole: null, inviteLinks: false }, update: {} });
      for (const [index, { definition, id, images }] of prepared.entries()) {
        const existing = await tx.integration.findUnique({ where: { name: definition.name }, select: { id: true, version: true, organizationId: true } });
        // A name an organization published before this version of Quire shipped it stays theirs.
        if (existing && (existing.organizationId !== SYSTEM_ORGANIZATION_ID || existing.version >= definition.version)) continue;
        const fields = storedDefinition(definition);
        const integrationId = existing?.id ?? id;
        if (existing) {
          await tx.integration.update({ where: { id: integrationId }, data: { ...fields, updatedAt: new Date() } });
          await tx.integrationAsset.deleteMany({ where: { integrationId } });
        } else {
          const botUserId = newId();
          await tx.user.create({ data: { id: botUserId, email: `${integrationId}@${BOT_EMAIL_DOMAIN}`, displayName: definition.title } });
          await tx.integration.create({ data: { id: integrationId, name: definition.name, organizationId: SYSTEM_ORGANIZATION_ID, botUserId, ...fields, ...credentials[index]!.stored } });
        }
        await tx.integrationAsset.createMany({ data: images.map((image) => ({ integrationId, ...image })) });
      }
    },
    "record",
  );
}

function storedDefinition(definition: BuiltinIntegration) {
  return {
    version: definition.version,
    title: definition.title,
    description: definition.description,
    summary: definition.summary,
    visibility: "public",
    target: definition.target,
    scopes: definition.scopes,
    categories: definition.categories,
    configurations: definition.configurations,
    verified: true,
  };
}

