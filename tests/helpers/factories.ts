import { randomBytes } from "node:crypto";
import { db } from "../../server/db/client";
import { commitRevision, currentRevision, inReadingOrder, readPage, readPages, type FileVersion, type Page } from "../../server/content/revisions";
import { sealSecret } from "../../server/crypto/secret-box";
import { newId } from "../../server/ids";
import { hashIntegrationToken } from "../../server/integrations/tokens/resolve";
import { publishIntegration, publishIntegrationInput, type PublishIntegrationInput } from "../../server/integrations/registry";
import { urlsFor } from "../../server/http/urls";
import { presentPublishedIntegration } from "../../server/presenters/integration";
import type { Role } from "../../server/policies/roles";
import { fileStorage } from "../../server/storage/file-storage";
import { createApiToken } from "../../server/tokens/create-api-token";
import type { Variables } from "../../server/content/variables";

/** Test data builders: every test creates its own tenant, so no global reset is needed. */

const unique = () => randomBytes(5).toString("hex");

/** Tests write thousands of pages at once through these builders, on a busy machine. */
const LARGE_WRITE = { timeout: 120_000 };

export async function createUser(overrides: { email?: string; displayName?: string } = {}) {
  const id = newId();
  return db().user.create({
    data: { id, email: overrides.email ?? `user-${unique()}@example.test`, displayName: overrides.displayName ?? `User ${unique()}` },
  });
}

export async function createToken(userId: string): Promise<string> {
  return (await createApiToken({ userId, via: "session" }, { name: "test" })).token;
}

export async function createOrganization(title = `Org ${unique()}`) {
  return db().organization.create({ data: { id: newId(), title } });
}

export async function addMember(organizationId: string, role: Role | null) {
  const user = await createUser();
  await db().member.create({ data: { organizationId, userId: user.id, role } });
  return { user, token: await createToken(user.id) };
}

/** An organization with an admin and a token for each role, plus an unrelated tenant next door. */
export async function createTenant() {
  const organization = await createOrganization();
  const admin = await addMember(organization.id, "admin");
  const other = await createOrganization();
  const stranger = await addMember(other.id, "admin");
  return {
    organization,
    admin,
    otherOrganization: other,
    stranger,
    member: (role: Role | null) => addMember(organization.id, role),
  };
}

/** The pages of a revision in reading order, with their markdown. */
export async function pagesOf(revisionId: string) {
  const revision = await db().revision.findUniqueOrThrow({ where: { id: revisionId } });
  const pages = inReadingOrder(await readPages(db(), revision));
  return Promise.all(pages.map(async (page) => ({ ...(await readPage(db(), revision, page.id))!, depth: page.depth })));
}

/** Writes `pages` into a space as a new revision on top of its current one (`replace`: dropping the others). */
export async function commitPages(
  spaceId: string,
  pages: { id?: string; title: string; slug: string; markdown?: string; parentId?: string | null; sortKey?: number; emoji?: string }[],
  options: { replace?: boolean } = {},
) {
  return db().$transaction(async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
    const base = await currentRevision(tx, space);
    const now = new Date().toISOString();
    const revision = await commitRevision(tx, {
      spaceId,
      base,
      parents: [base.id],
      put: pages.map((page, index) => ({ markdown: "", parentId: null, sortKey: index + 1, createdAt: now, updatedAt: now, ...page, id: page.id ?? newId() })),
      remove: options.replace ? (await readPages(tx, base)).map((page) => page.id).filter((id) => !pages.some((page) => page.id === id)) : [],
    });
    await tx.space.update({ where: { id: spaceId }, data: { revisionId: revision.id } });
    return revision;
  }, LARGE_WRITE);
}

/**
 * Edits a change request's content directly (pages put or removed, file versions put or removed, space variables set), as a new
 * revision of it: for states the API cannot make, such as a deleted file.
 */
export async function commitToChangeRequest(
  changeRequestId: string,
  edits: { put?: Page[]; remove?: string[]; putFiles?: FileVersion[]; removeFiles?: string[]; variables?: Variables },
) {
  return db().$transaction(async (tx) => {
    const changeRequest = await tx.changeRequest.findUniqueOrThrow({ where: { id: changeRequestId } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: changeRequest.revisionId } });
    const revision = await commitRevision(tx, { spaceId: changeRequest.spaceId, base, parents: [base.id], changeRequestId, ...edits });
    await tx.changeRequest.update({ where: { id: changeRequestId }, data: { revisionId: revision.id } });
    return revision;
  }, LARGE_WRITE);
}

/** A site row of an organization, without structure (tests add what they need); unpublished and public unless told. */
export async function createSite(
  organizationId: string,
  overrides: { title?: string; visibility?: string; published?: boolean; hostname?: string; adaptiveSchema?: object; customization?: object } = {},
) {
  return db().site.create({
    data: {
      id: newId(),
      organizationId,
      title: overrides.title ?? `Site ${unique()}`,
      basename: `site-${unique()}`,
      ...overrides,
      ...(overrides.adaptiveSchema ? { adaptiveSchemaUpdatedAt: new Date() } : {}),
    },
  });
}

/** Root-level site spaces of a site over `spaceIds`, the first one the default. */
export async function addSiteSpaces(siteId: string, spaceIds: string[]) {
  const siteSpaces = [];
  for (const [index, spaceId] of spaceIds.entries()) {
    siteSpaces.push(await db().siteSpace.create({ data: { id: newId(), siteId, spaceId, path: `variant-${index + 1}`, isDefault: index === 0, position: index } }));
  }
  return siteSpaces;
}

/** Bytes that begin as a WOFF2 (or WOFF) file does: the upload check reads the signature, not the tables. */
export function fakeFont(size = 64, signature: "wOF2" | "wOFF" = "wOF2"): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.write(signature, 0, "latin1");
  return bytes;
}

/** A font file uploaded to an organization (as generateStorageUploadURL and the PUT leave it): its storage key. */
export async function createFontUpload(organizationId: string, bytes = fakeFont()): Promise<string> {
  const id = newId();
  const key = `orgs/${organizationId}/customization_font/${id}`;
  const blob = await fileStorage().put(bytes);
  await db().storageUpload.create({
    data: { id, organizationId, kind: "customization_font", key, name: "font.woff2", contentType: "font/woff2", size: bytes.length, tokenHash: randomBytes(32).toString("hex"), expiresAt: new Date(), usedAt: new Date(), blob, format: "woff2" },
  });
  return key;
}

/**
 * A published integration owned by `organizationId`, written as rows (its bot user, its token's
 * hash, a sealed signing secret), with its own token (`qi_…`) for calling /v1 as itself and the
 * signing secret its event deliveries are signed with.
 */
export async function createIntegration(
  organizationId: string,
  overrides: { name?: string; title?: string; scopes?: string[]; target?: string; visibility?: string; endpoint?: string | null; devTunnelUrl?: string | null; devAll?: boolean } = {},
) {
  const id = newId();
  const title = overrides.title ?? `Integration ${unique()}`;
  const bot = await db().user.create({ data: { id: newId(), email: `integration-${id.toLowerCase()}@integrations.invalid`, displayName: title } });
  const token = `qi_${randomBytes(32).toString("base64url")}`;
  const signingSecret = `whsec_${randomBytes(32).toString("base64url")}`;
  const integration = await db().integration.create({
    data: {
      id,
      name: overrides.name ?? `integration-${unique()}`,
      organizationId,
      botUserId: bot.id,
      title,
      description: `${title}, for tests.`,
      visibility: overrides.visibility ?? "public",
      target: overrides.target ?? "all",
      scopes: overrides.scopes ?? [],
      endpoint: overrides.endpoint ?? null,
      devTunnelUrl: overrides.devTunnelUrl ?? null,
      devAll: overrides.devAll ?? false,
      tokenHash: hashIntegrationToken(token),
      tokenPrefix: token.slice(0, 9),
      signingSecret: await sealSecret(signingSecret, `integration-signing:${id}`),
    },
  });
  return { integration, token, signingSecret };
}

/** An installation of an integration on an organization, active unless told, with the spaces and sites it selected. */
export async function createInstallation(
  integrationId: string,
  organizationId: string,
  options: { status?: string; spaceSelection?: "all" | "selected"; siteSelection?: "all" | "selected"; spaceIds?: string[]; siteIds?: string[] } = {},
) {
  const installation = await db().integrationInstallation.create({
    data: { id: newId(), integrationId, organizationId, status: options.status ?? "active", spaceSelection: options.spaceSelection ?? "selected", siteSelection: options.siteSelection ?? "selected" },
  });
  for (const spaceId of options.spaceIds ?? []) await db().integrationSpaceInstallation.create({ data: { installationId: installation.id, spaceId, status: "active" } });
  for (const siteId of options.siteIds ?? []) await db().integrationSiteInstallation.create({ data: { installationId: installation.id, siteId, status: "active" } });
  return installation;
}

/**
 * An integration published by a fresh admin of `organizationId` through the registry service: a
 * public one targeting everything unless told. Its first publish's answer, with the token and
 * signing secret shown that once.
 */
export async function publishTestIntegration(organizationId: string, overrides: Partial<Omit<PublishIntegrationInput, "organization">> & { name?: string } = {}) {
  const { user } = await addMember(organizationId, "admin");
  const { name = `test-${unique()}`, ...definition } = overrides;
  const input = publishIntegrationInput.parse({ title: "Test integration", description: "Made by a test", scopes: [], script: "", visibility: "public", ...definition, organization: organizationId });
  const origin = "http://quire.test";
  const published = presentPublishedIntegration(await publishIntegration({ actor: { userId: user.id, via: "session" }}, name, input), urlsFor(origin)) as ReturnType<typeof presentPublishedIntegration> & {
    token: string;
    signingSecret: string;
  };
  return { ...published, name, publisherId: user.id };
}
