import { randomUUID } from "node:crypto";
import type { ServiceContext } from "../../../server/context";
import { applyContentChanges } from "../../../server/change-requests/apply-content-changes";
import { createChangeRequest } from "../../../server/change-requests/create-change-request";
import { mergeChangeRequest } from "../../../server/change-requests/merge-change-request";
import { createCollection } from "../../../server/collections/create-collection";
import { postComment } from "../../../server/comments/post-comment";
import { postReply } from "../../../server/comments/post-reply";
import { readPages } from "../../../server/content/revisions";
import { db } from "../../../server/db/client";
import { updateGrant } from "../../../server/grants/update-grant";
import { newId } from "../../../server/ids";
import { inviteExpiry, newInviteToken } from "../../../server/invites/tokens";
import { startImport } from "../../../server/import/start-import";
import type { ContentTarget } from "../../../server/policies/grant";
import { catchUpSearchIndexes } from "../../../server/search/index-space";
import { createSite } from "../../../server/sites/create-site";
import { createRedirect } from "../../../server/sites/redirects/create-redirect";
import { createShareLink } from "../../../server/sites/share-links/create-share-link";
import { createSpace } from "../../../server/spaces/create-space";
import { submitReview } from "../../../server/reviews/submit-review";
import { createSamlProvider } from "../../../server/sso/create-saml-provider";
import { createTeam } from "../../../server/teams/create-team";
import { addTeamMember } from "../../../server/teams/add-team-member";
import { createApiToken } from "../../../server/tokens/create-api-token";
import { revokeApiToken } from "../../../server/tokens/revoke-api-token";
import { createCustomFont } from "../../../server/fonts/create-custom-font";
import { createWebhook } from "../../../server/webhooks/create-webhook";
import { createIntegrationInstallationToken } from "../../../server/integrations/tokens/mint";
import { hashIntegrationToken } from "../../../server/integrations/tokens/resolve";
import { publishIntegration } from "../../../server/integrations/registry";
import { addMember, createFontUpload, createInstallation, createIntegration, createOrganization } from "../factories";
import { createIdpKeys } from "../saml-idp";
import { CALLERS, canSee, type Caller, type CallerName, type DefaultLevel, type Entity, type OrgKey, type Resource, type Role, type Subject, type TeamRole } from "./model";

/**
 * The world both authorization matrices run in, built with the real services. Organization A
 * holds a member of every role, a guest with nothing, a guest whose only access is a team grant
 * (edit) on S1 and one whose only access is a user grant (read) on collection C; two members
 * are admins of one item each by a grant (so that an item's admin who is no organization admin
 * is tried); organization B next door has its own admin and content.
 *
 * A: C (collection, user grant read) ─ SC          S1 (root, default level comment, team grant edit)
 *    PC (collection, private, admin grant to the edit member) ─ PS
 *    S2 (root)   S3 (root, private, admin grant to the comment member)   SD (in the trash)
 *    teams T (the team guest and the bystander) and T2 (the comment member as owner, the bystander)
 *    SAML provider PA
 *    sites W1 (default level inherit) and WP (private: admin grant to the edit member, create grant to team T), each showing S1,
 *    each with a share link, a redirect and sections: the default one (two site spaces), a group
 *    holding another, a last one
 * B: CB ─ SB   team TB   SAML provider PB   site WB (showing SB)
 *
 * Integrations published by B are installed in A (issue 13): an installation token reading S1 and
 * W1, one writing S1, S3 and WP, one reaching every space and site with every space scope, an
 * expired one, and the first integration's own token (which reaches no organization content and
 * mints its installation's tokens). Fresh items standing in for a place are reached as the place is.
 *
 * The bystander is a member of A (role edit) who is no caller: the member that operations naming a
 * user (team members, grants, explanations, SSO members) name.
 * Every space but SD has pages (one with a file and the search word), a merged change request
 * and a draft change request with a page of its own, and is indexed for search.
 */

export const BASE_URL = "http://quire.test";
export const SEARCH_WORD = "zebrafinch";
/** Every site's visitor schema: the adaptive-schema reads find one. */
const MATRIX_VISITOR_SCHEMA = { type: "object", properties: { beta: { type: "boolean", description: "In the beta" } }, additionalProperties: false };
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** The items operations are run against, per kind of resource: each row runs once per place of its kind. */
export const PLACES: Record<Resource, string[]> = {
  self: ["the caller"],
  organization: ["A"],
  collection: ["C", "PC"],
  space: ["S1", "SC", "S3"],
  changeRequest: ["S1", "SC", "S3"],
  team: ["T", "T2"],
  site: ["W1", "WP"],
};

type Grant = { to: CallerName; role: Role; via: "user" | "team" };
type Spec = { key: string; label: string; parent: string | null; level: DefaultLevel; grants: Grant[] };
type TeamSpec = { key: string; org: OrgKey; members: Partial<Record<CallerName | "bystander", TeamRole>> };

const TEAMS: TeamSpec[] = [
  { key: "T", org: "A", members: { "guest with a team grant on S1": "member", bystander: "member" } },
  { key: "T2", org: "A", members: { comment: "owner", bystander: "member" } },
  { key: "TB", org: "B", members: {} },
];

const COLLECTIONS: Spec[] = [
  { key: "C", label: "collection C", parent: null, level: "inherit", grants: [{ to: "guest with a user grant on C", role: "read", via: "user" }] },
  { key: "PC", label: "private collection PC", parent: null, level: null, grants: [{ to: "edit", role: "admin", via: "user" }] },
];
const SPACES: Spec[] = [
  { key: "S1", label: "space S1", parent: null, level: "comment", grants: [{ to: "guest with a team grant on S1", role: "edit", via: "team" }] },
  { key: "SC", label: "space SC", parent: "C", level: "inherit", grants: [] },
  { key: "S2", label: "space S2", parent: null, level: "inherit", grants: [] },
  { key: "S3", label: "private space S3", parent: null, level: null, grants: [{ to: "comment", role: "admin", via: "user" }] },
  { key: "PS", label: "space PS", parent: "PC", level: "inherit", grants: [] },
];
/**
 * Docs sites, each showing a space (`parent` here): their site spaces are what structure rows act on.
 * A site space embeds its Space, so the space is one everyone who sees the site sees (S1: the team
 * guest by its grant), as a site's editors need.
 */
const SITES: Spec[] = [
  { key: "W1", label: "site W1", parent: "S1", level: "inherit", grants: [] },
  {
    key: "WP",
    label: "private site WP",
    parent: "S1",
    level: null,
    grants: [
      { to: "edit", role: "admin", via: "user" },
      { to: "guest with a team grant on S1", role: "create", via: "team" },
    ],
  },
];

/** Values for every path parameter, query and body a table row builds its call from. */
export type Ids = {
  organizationId: string;
  emailDomain: string;
  auditEventId: string;
  /** Organization A2, administered by A's admin alone: where transfers go. */
  destinationId: string;
  importUrl: string;
  /** The bystander: the member operations that name a user name. */
  userId: string;
  /** Team T: the team operations on content name (a team target names its own). */
  teamId: string;
  /** Organization A's SAML provider (a fresh organization's own). */
  samlProviderId: string;
  /** A PEM certificate for SAML providers made in the calls. */
  samlCertificate: string;
  collectionId?: string;
  spaceId?: string;
  changeRequestId?: string;
  revisionId?: string;
  pageId?: string;
  /** The draft change request's revision, and the page it adds (not in the space's main content). */
  draftRevisionId?: string;
  draftPageId?: string;
  /** A comment on the space's page with a reply, and one on the change request itself (in its `default` conversation) with a reply. */
  commentId?: string;
  commentReplyId?: string;
  changeRequestCommentId?: string;
  changeRequestReplyId?: string;
  conversationId?: string;
  fileId?: string;
  importId?: string;
  tokenId?: string;
  /** A member of A (role read) who is no caller and in no other organization. */
  loneMemberId: string;
  /** A's admin caller, who may review every space of A and opened no fresh change request: whom review requests ask. */
  reviewerId: string;
  /** An integration (published by B) and its installation in A: what minting installation tokens names. */
  tokenIntegrationName: string;
  tokenInstallationId: string;
  /** An approval of the place's draft change request. */
  reviewId?: string;
  /** A link invite of the organization; for "self" rows, the secret token of a fresh organization's link (joinOrganizationWithInvite). */
  inviteId?: string;
  /** A pending email invite of the organization. */
  emailInviteId?: string;
  /** Organization A's subdomain (its hostname). */
  subdomain?: string;
  /** A docs site of A, its first site space, a share link and a redirect (source `/old`). */
  siteId?: string;
  siteSpaceId?: string;
  /**
   * The site's structure: its default section (holding `siteSpaceId` and `otherSiteSpaceId`), a group
   * holding `groupedSectionId`, and a last section, each section with a site space.
   */
  siteSectionId?: string;
  siteSectionGroupId?: string;
  groupedSectionId?: string;
  lastSectionId?: string;
  otherSiteSpaceId?: string;
  groupedSiteSpaceId?: string;
  lastSiteSpaceId?: string;
  /** Space S1, which everyone who may change a site's structure sees (the team guest by its grant): what structure operations add to a site. */
  siteContentSpaceId: string;
  shareLinkId?: string;
  siteRedirectId?: string;
  /** The organization's custom font, and a font file uploaded to it (what a new font's face names). */
  fontId: string;
  fontStorageKey: string;
  /** The organization's webhook (inactive) and the delivery of a test event to it. */
  webhookId: string;
  deliveryId: string;
  /** A private integration the organization published, and its installation there (on A: on every place's space and site). */
  integrationName: string;
  installationId: string;
  /** A delivered event in that integration's event log (getIntegrationEvent). */
  eventId: string;
  /**
   * One space and one site its installation reaches, one of each it does not, and a delivery to it
   * given up after a failed attempt (the event log's redelivery).
   */
  installedSpaceId: string;
  installedSiteId: string;
  otherSpaceId: string;
  otherSiteId: string;
  integrationDeliveryId: string;
  /** The place's own item, which a fresh item sits after among its siblings: moves go before it. */
  anchor?: { type: "space"; space: string } | { type: "collection"; collection: string };
};

export type Target = { place: string; subject: Subject; ids: Ids };
type Placed = { entity: Entity; ids: Partial<Ids> };

export type World = Awaited<ReturnType<typeof buildWorld>>;

export async function buildWorld(options: { importUrl: string; imports?: boolean }) {
  const [orgA, orgA2, orgB] = await Promise.all([createOrganization("Matrix A"), createOrganization("Matrix A2"), createOrganization("Matrix B")]);
  // Claimed by A and B alike: neither may show up for the other's members.
  const emailDomain = `matrix-${newId().toLowerCase()}.test`;
  await db().organization.updateMany({ where: { id: { in: [orgA.id, orgB.id] } }, data: { emailDomains: [emailDomain] } });
  const orgIds: Record<OrgKey, string> = { A: orgA.id, A2: orgA2.id, B: orgB.id };

  const callers = new Map<CallerName, Caller>();
  const member = async (name: CallerName, org: OrgKey, role: Role | null) => {
    const { user, token } = await addMember(orgIds[org], role);
    callers.set(name, { name, signedIn: true, userId: user.id, email: user.email, token, memberships: { [org]: role } });
    return user.id;
  };
  callers.set("no token", { name: "no token", signedIn: false, userId: null, email: null, token: null, memberships: {} });
  // An admin of A whose token was revoked: any answer but 401 would be a leak.
  const revokedId = await member("revoked token", "A", "admin");
  const revokedTokenId = (await db().apiToken.findFirstOrThrow({ where: { userId: revokedId } })).id;
  await revokeApiToken({ userId: revokedId, via: "session" }, revokedTokenId);
  // Its credentials count for nothing, but its user is still A's admin: A's members may see them (in member lists, in who has access).
  Object.assign(callers.get("revoked token")!, { signedIn: false, memberships: {} });
  const memberOf = (other: Caller): OrgKey[] => (other.name === "revoked token" ? ["A"] : (Object.keys(other.memberships) as OrgKey[]));
  await member("admin of another organization", "B", "admin");
  for (const role of ["read", "comment", "edit", "review", "create", "admin"] as const) await member(role, "A", role);
  await member("guest", "A", null);
  await member("guest with a team grant on S1", "A", null);
  await member("guest with a user grant on C", "A", null);
  // Integrations published by a vendor organization no caller belongs to, installed in A (issue 13): installation tokens
  // (one expired), and the first integration's own token, which mints that installation's tokens. What they reach is added
  // as spaces and sites are made. Not B: a public integration shows its owner, and B's id is what A's callers must never see.
  const vendor = await createOrganization("Matrix vendor");
  type Reach = { spaces: "all" | string[]; sites: "all" | string[] };
  const reachers: (Reach & { installationId: string })[] = [];
  const asCaller = async (name: CallerName, botUserId: string, token: string, extra: Partial<Caller>) => {
    const bot = await db().user.findUniqueOrThrow({ where: { id: botUserId } });
    callers.set(name, { name, signedIn: true, userId: bot.id, email: bot.email, token, memberships: {}, integration: true, ...extra });
  };
  const installed = async (name: CallerName, scopes: string[], reach: Reach, options: { expired?: boolean } = {}) => {
    const { integration, token: integrationToken } = await createIntegration(vendor.id, { scopes, visibility: "public" });
    const installation = await createInstallation(integration.id, orgA.id, { spaceSelection: reach.spaces === "all" ? "all" : "selected", siteSelection: reach.sites === "all" ? "all" : "selected" });
    reachers.push({ installationId: installation.id, ...reach });
    const ctx: ServiceContext = { actor: { userId: integration.botUserId, via: "integration", integration: { id: integration.id, name: integration.name } }};
    const token = (await createIntegrationInstallationToken(ctx, integration.name, installation.id)).token;
    if (options.expired) await db().integrationInstallationToken.update({ where: { tokenHash: hashIntegrationToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await asCaller(name, integration.botUserId, token, options.expired ? { signedIn: false } : { installation: { organizationId: orgA.id, scopes, ...reach } });
    return { integration, integrationToken, installation };
  };
  const first = await installed("installation reading S1 and W1", ["space:content:read", "space:metadata:read", "site:metadata:read"], { spaces: ["space S1"], sites: ["site W1"] });
  await installed("installation writing S1, S3 and WP", ["space:content:write", "site:views:read"], { spaces: ["space S1", "private space S3"], sites: ["private site WP"] });
  await installed("installation reaching everything", ["space:content:read", "space:content:write", "space:metadata:write", "site:metadata:read"], { spaces: "all", sites: "all" });
  await installed("expired installation token", ["space:content:read", "site:metadata:read"], { spaces: "all", sites: "all" }, { expired: true });
  await asCaller("integration token", first.integration.botUserId, first.integrationToken, { integrationItself: true });
  /** What createIntegrationInstallationToken is called on: the first integration's installation. */
  const integrationIds = { tokenIntegrationName: first.integration.name, tokenInstallationId: first.installation.id };
  /** Installs the integrations that selected an item (by its label) on it: the world's items and the fresh ones standing in for them. */
  async function reach(kind: "space" | "site", label: string, id: string) {
    for (const reacher of reachers) {
      const selected = kind === "space" ? reacher.spaces : reacher.sites;
      if (selected === "all" || !selected.includes(label)) continue;
      if (kind === "space") await db().integrationSpaceInstallation.create({ data: { installationId: reacher.installationId, spaceId: id, status: "active" } });
      else await db().integrationSiteInstallation.create({ data: { installationId: reacher.installationId, siteId: id, status: "active" } });
    }
  }
  const bystanderId = (await addMember(orgA.id, "edit")).user.id;
  const loneMemberId = (await addMember(orgA.id, "read")).user.id;
  const subdomain = `matrix-${newId().toLowerCase()}`;
  await db().organization.update({ where: { id: orgA.id }, data: { hostname: subdomain } });
  /** A custom font of an organization and a font file it uploaded: what custom font rows act on. */
  async function fonts(ctx: ServiceContext, organizationId: string) {
    const fontStorageKey = await createFontUpload(organizationId);
    const font = await createCustomFont(ctx, organizationId, { fontFamily: "Matrix Sans", fontFaces: [{ weight: 400, storageKey: fontStorageKey }] });
    return { fontId: font.id, fontStorageKey };
  }
  /**
   * An inactive webhook of an organization (its URL never resolves) with a failed delivery of a
   * ping: what webhook rows act on. The delivery is inserted as failed, with no job, so that no
   * worker tries it while the matrix runs.
   */
  async function webhooks(ctx: ServiceContext, organizationId: string) {
    const { webhook } = await createWebhook(ctx, organizationId, { url: "https://webhook.invalid/matrix", description: "Matrix", eventTypes: [], active: false });
    const eventId = randomUUID();
    const deliveryId = randomUUID();
    await db().$executeRaw`
      WITH event AS (
        INSERT INTO organization_events (id, organization_id, type, payload, webhook_id)
        VALUES (${eventId}, ${organizationId}, 'ping', ${JSON.stringify({ eventId, type: "ping", webhookId: webhook.id })}::jsonb, ${webhook.id})
        RETURNING id, txid, seq)
      INSERT INTO event_deliveries (id, event_id, organization_id, webhook_id, event_txid, event_seq, status, attempts, completed_at)
      SELECT ${deliveryId}, id, ${organizationId}, ${webhook.id}, txid, seq, 'failed', 1, now() FROM event`;
    return { webhookId: webhook.id, deliveryId };
  }
  /**
   * A private integration of an organization: what integration rows act on (its members see it, its admins manage it),
   * installed on the organization, on the spaces and sites given: what installation rows act on.
   */
  async function integrations(ctx: ServiceContext, organizationId: string, installedOn: { spaceIds?: string[]; siteIds?: string[] } = {}) {
    const integrationName = `matrix-${newId().toLowerCase()}`;
    await publishIntegration(ctx, integrationName, { organization: organizationId, title: "Matrix", description: "Made by the matrix", script: "", scopes: [], runtime: "v1", visibility: "private", target: "all" });
    // In development mode, so that turning it off changes something.
    const integration = await db().integration.update({ where: { name: integrationName }, data: { devTunnelUrl: "https://tunnel.example.com/world" } });
    const installation = await createInstallation(integration.id, organizationId, installedOn);
    // One task delivered to it, with its attempt: what its event log shows.
    const eventId = randomUUID();
    const taskId = randomUUID();
    const event = await db().organizationEvent.create({ data: { id: taskId, organizationId, type: "task", payload: { eventId: taskId, type: "task", task: {} }, integrationId: integration.id } });
    await db().eventDelivery.create({
      data: { id: eventId, eventId: event.id, organizationId, integrationId: integration.id, eventTxid: event.txid, eventSeq: event.seq, status: "success", attempts: 1, completedAt: new Date() },
    });
    await db().deliveryAttempt.create({ data: { deliveryId: eventId, attempt: 1, url: "https://tunnel.example.com/world", startedAt: new Date(), durationMs: 12, responseStatus: 200 } });
    return { integrationName, installationId: installation.id, eventId };
  }
  /**
   * A delivery to an installation given up after a failed attempt: no worker touches a failed
   * delivery, so it stays as written while workers deliver others (the /v1 matrix's server).
   */
  async function failedDelivery(organizationId: string, installationId: string) {
    const installation = await db().integrationInstallation.findUniqueOrThrow({ where: { id: installationId } });
    const eventId = randomUUID();
    const event = await db().organizationEvent.create({
      data: { id: eventId, organizationId, type: "installation_setup", payload: { eventId, type: "installation_setup", installationId, status: "active" }, installationId },
    });
    const { id: integrationDeliveryId } = await db().eventDelivery.create({
      data: {
        id: randomUUID(),
        eventId,
        organizationId,
        integrationId: installation.integrationId,
        installationId,
        eventTxid: event.txid,
        eventSeq: event.seq,
        status: "failed",
        attempts: 1,
        completedAt: new Date(),
        attemptsLog: { create: { attempt: 1, url: "https://receiver.example.com/matrix", startedAt: new Date(), durationMs: 12, responseStatus: 500, error: "answered 500" } },
      },
    });
    return { integrationDeliveryId };
  }
  /** A fresh organization's own integration, installed there on one of two spaces and one of two sites. */
  async function freshIntegration(organizationId: string) {
    const [installed, other] = [await createSpace(ctxA, organizationId, { title: "Installed" }), await createSpace(ctxA, organizationId, { title: "Not installed" })];
    const site = (title: string) => createSite(ctxA, organizationId, { title, spaces: [installed.id] });
    const targets = { installedSpaceId: installed.id, otherSpaceId: other.id, installedSiteId: (await site("Installed")).id, otherSiteId: (await site("Not installed")).id };
    const integration = await integrations(ctxA, organizationId, { spaceIds: [targets.installedSpaceId], siteIds: [targets.installedSiteId] });
    return { ...integration, ...targets, ...(await failedDelivery(organizationId, integration.installationId)) };
  }
  /** A link and an email invite of an organization: what invite rows act on. */
  async function invites(organizationId: string) {
    const invite = (kind: "link" | "email") =>
      db().organizationInvite.create({
        data: { id: newId(), organizationId, kind, email: kind === "email" ? `invited-${newId().toLowerCase()}@example.test` : null, role: "read", tokenHash: newInviteToken().tokenHash, expiresAt: inviteExpiry(kind) },
      });
    return { inviteId: (await invite("link")).id, emailInviteId: (await invite("email")).id };
  }
  const adminId = callers.get("admin")!.userId!;
  await db().member.create({ data: { organizationId: orgA2.id, userId: adminId, role: "admin" } });
  callers.get("admin")!.memberships.A2 = "admin";

  const ctxA: ServiceContext = { actor: { userId: adminId, via: "session" }};
  const ctxB: ServiceContext = { actor: { userId: callers.get("admin of another organization")!.userId!, via: "session" }};
  const contextOf = (org: OrgKey) => (org === "B" ? ctxB : ctxA);
  // A's admin whose token was revoked, acting through the services: the author of fresh change requests and the
  // reviewer of the world's drafts, so that every caller's review is of someone else's change request.
  const ctxRevoked: ServiceContext = { actor: { userId: revokedId, via: "session" }};

  const userIdOf = (name: CallerName | "bystander") => (name === "bystander" ? bystanderId : callers.get(name)!.userId!);
  async function makeTeam(spec: TeamSpec): Promise<Entity> {
    const members = Object.entries(spec.members) as [CallerName | "bystander", TeamRole][];
    const team = await createTeam(contextOf(spec.org), orgIds[spec.org], { title: `Matrix team ${spec.key}`, members: members.map(([name]) => userIdOf(name)) });
    for (const [name, role] of members) if (role === "owner") await addTeamMember(contextOf(spec.org), orgIds[spec.org], team.id, userIdOf(name), role);
    const teamRoles = Object.fromEntries(members.filter(([name]) => name !== "bystander"));
    return { id: team.id, label: `team ${spec.key}`, kind: "team", org: spec.org, parent: null, level: "inherit", grants: {}, teamRoles, minimum: "read", related: [] };
  }
  const teams = new Map<string, Entity>();
  for (const spec of TEAMS) teams.set(spec.key, await makeTeam(spec));
  const team = teams.get("T")!;

  const samlCertificate = (await createIdpKeys("Matrix IdP")).certificate;
  async function makeProvider(org: OrgKey, organizationId = orgIds[org]): Promise<Entity> {
    const provider = await createSamlProvider(contextOf(org), organizationId, {
      label: `Matrix ${org}`,
      entityID: `https://idp-${org.toLowerCase()}.example/matrix`,
      ssoURL: "https://idp.example/sso",
      certificate: samlCertificate,
    });
    return { id: provider.id, label: `organization ${org}'s SAML provider`, kind: "samlProvider", org, parent: null, level: "inherit", grants: {}, minimum: "guest", related: [] };
  }
  const providers = { A: await makeProvider("A"), B: await makeProvider("B") };

  const organizationEntity = (org: OrgKey, id = orgIds[org]): Entity => ({ id, label: `organization ${org}`, kind: "organization", org, parent: null, level: "inherit", grants: {}, minimum: "guest", related: [] });
  const organizations = { A: organizationEntity("A"), A2: organizationEntity("A2"), B: organizationEntity("B") };

  const grantsOf = (spec: Spec) => Object.fromEntries(spec.grants.map((grant) => [grant.to, grant.role]));
  async function grant(spec: Spec, target: ContentTarget) {
    for (const { to, role, via } of spec.grants) {
      await updateGrant(ctxA, target, via === "team" ? { type: "team", id: team.id } : { type: "user", id: callers.get(to)!.userId! }, role);
    }
  }

  const entities: Entity[] = [organizations.A, organizations.A2, organizations.B, ...teams.values(), providers.A, providers.B];
  const byKey = new Map<string, Placed>();

  async function makeCollection(spec: Spec, ctx = ctxA, org: OrgKey = "A"): Promise<Placed> {
    const collection = await createCollection(ctx, orgIds[org], { title: spec.key });
    await db().collection.update({ where: { id: collection.id }, data: { defaultLevel: spec.level } });
    await grant(spec, { type: "collection", id: collection.id });
    const entity: Entity = { id: collection.id, label: spec.label, kind: "collection", org, parent: null, level: spec.level, grants: grantsOf(spec), minimum: "read", related: [] };
    return { entity, ids: { collectionId: collection.id, anchor: { type: "collection", collection: collection.id } } };
  }

  async function makeSpace(spec: Spec, options: { ctx?: ServiceContext; org?: OrgKey; empty?: boolean; deleted?: boolean; content?: boolean; minimum?: Entity["minimum"] } = {}): Promise<Placed> {
    const { ctx = ctxA, org = "A" } = options;
    const parent = spec.parent ? byKey.get(spec.parent)! : null;
    const space = await createSpace(ctx, orgIds[org], { title: spec.key, parent: parent?.entity.id, empty: options.empty });
    await db().space.update({ where: { id: space.id }, data: { defaultLevel: spec.level } });
    // Shared while live (a space in the trash is shared with no one new), then in the trash.
    await grant(spec, { type: "space", id: space.id });
    if (options.deleted) await db().space.update({ where: { id: space.id }, data: { deletedAt: new Date() } });
    await reach("space", spec.label, space.id);
    const ids: Partial<Ids> = { spaceId: space.id, revisionId: space.revisionId!, anchor: { type: "space", space: space.id } };
    const related = [space.revisionId!];
    if (options.content) {
      Object.assign(ids, await fill(ctx, space.id, related));
      Object.assign(ids, await spaceComments(ctx, space.id, ids.pageId!, related), await changeRequestComments(ctx, space.id, ids.changeRequestId!, related));
    }
    if (options.content && org === "A") {
      ids.reviewId = (await submitReview(ctxRevoked, space.id, ids.changeRequestId!, { status: "approved" })).id;
      related.push(ids.reviewId);
    }
    const entity: Entity = { id: space.id, label: spec.label, kind: "space", org, parent: parent?.entity ?? null, level: spec.level, grants: grantsOf(spec), minimum: options.minimum ?? "read", related };
    return { entity, ids };
  }

  /** A site showing the space its spec names, with the spec's default level and grants. */
  async function makeSite(spec: Spec, ctx = ctxA, org: OrgKey = "A"): Promise<Placed> {
    const site = await createSite(ctx, orgIds[org], { title: `Matrix ${spec.key}`, spaces: [byKey.get(spec.parent!)!.entity.id] });
    await db().site.update({ where: { id: site.id }, data: { defaultLevel: spec.level, adaptiveSchema: MATRIX_VISITOR_SCHEMA } });
    await grant(spec, { type: "site", id: site.id, organizationId: orgIds[org] });
    await reach("site", spec.label, site.id);
    const siteSpace = await db().siteSpace.findFirstOrThrow({ where: { siteId: site.id } });
    const shareLink = await createShareLink(ctx, orgIds[org], site.id, { name: "Matrix" });
    const redirect = await createRedirect(ctx, orgIds[org], site.id, { source: "/old", destination: { kind: "site-space", siteSpaceId: siteSpace.id }, captureWildcard: false, permanent: false });
    const structure = await makeSiteStructure(site.id, siteSpace);
    const entity: Entity = { id: site.id, label: spec.label, kind: "site", org, parent: null, level: spec.level, grants: grantsOf(spec), minimum: "read", related: [siteSpace.id, shareLink.id, redirect.id, ...Object.values(structure)] };
    return { entity, ids: { siteId: site.id, siteSpaceId: siteSpace.id, shareLinkId: shareLink.id, siteRedirectId: redirect.id, ...structure } };
  }

  /**
   * Sections for a site made with one root site space, written straight to the database (the
   * structure services are what the rows call): the site space and another variant in the default
   * section, a group holding a second section, and a last section.
   */
  async function makeSiteStructure(siteId: string, siteSpace: { id: string; spaceId: string }) {
    const section = (title: string, position: number, extra: { isDefault?: boolean; sectionGroupId?: string } = {}) =>
      db().siteSection.create({ data: { id: newId(), siteId, title, path: title.toLowerCase(), position, ...extra } });
    const variant = (sectionId: string, position: number) =>
      db().siteSpace.create({ data: { id: newId(), siteId, sectionId, spaceId: siteSpace.spaceId, path: `variant-${position}`, position, isDefault: position === 0 } });
    const first = await section("First", 0, { isDefault: true });
    await db().siteSpace.update({ where: { id: siteSpace.id }, data: { sectionId: first.id } });
    const group = await db().siteSectionGroup.create({ data: { id: newId(), siteId, title: "Group", position: 1 } });
    const grouped = await section("Grouped", 0, { sectionGroupId: group.id });
    const last = await section("Last", 2);
    const other = await variant(first.id, 1);
    const inGroup = await variant(grouped.id, 0);
    const inLast = await variant(last.id, 0);
    return {
      siteSectionId: first.id,
      siteSectionGroupId: group.id,
      groupedSectionId: grouped.id,
      lastSectionId: last.id,
      otherSiteSpaceId: other.id,
      groupedSiteSpaceId: inGroup.id,
      lastSiteSpaceId: inLast.id,
    };
  }

  for (const spec of COLLECTIONS) byKey.set(spec.key, await makeCollection(spec));
  for (const spec of SPACES) byKey.set(spec.key, await makeSpace(spec, { content: true }));
  for (const spec of SITES) byKey.set(spec.key, await makeSite(spec));
  // Only the trash shows it, and only to those who may restore it.
  byKey.set("SD", await makeSpace({ key: "SD", label: "space SD in the trash", parent: null, level: "inherit", grants: [] }, { deleted: true, minimum: "admin" }));
  byKey.set("CB", await makeCollection({ key: "CB", label: "B's collection", parent: null, level: "inherit", grants: [] }, ctxB, "B"));
  byKey.set("SB", await makeSpace({ key: "SB", label: "B's space", parent: "CB", level: "inherit", grants: [] }, { ctx: ctxB, org: "B", content: true }));
  byKey.set("WB", await makeSite({ key: "WB", label: "B's site", parent: "SB", level: "inherit", grants: [] }, ctxB, "B"));
  entities.push(...[...byKey.values()].map((placed) => placed.entity));
  await catchUpSearchIndexes({ spaceIds: entities.filter((entity) => entity.kind === "space").map((entity) => entity.id) });

  if (options.imports) {
    for (const key of PLACES.space) {
      const placed = byKey.get(key)!;
      placed.ids.importId = (await startImport(ctxA, { spaceId: placed.entity.id }, { url: options.importUrl, source: "website" })).id;
    }
  }

  // A's integration installed on the places' spaces and sites; B's on its own, which A's callers never see.
  const idsOf = (keys: string[]) => keys.map((key) => byKey.get(key)!.entity.id);
  const integrationA = await integrations(ctxA, orgA.id, { spaceIds: idsOf(PLACES.space), siteIds: idsOf(PLACES.site) });
  const integrationB = await integrations(ctxB, orgB.id, { spaceIds: idsOf(["SB"]), siteIds: idsOf(["WB"]) });
  organizations.B.related.push(integrationB.installationId);

  const auditEvent = await db().domainEvent.findFirstOrThrow({ where: { organizationId: orgA.id }, orderBy: { occurredAt: "asc" } });
  const common: Ids = {
    organizationId: orgA.id,
    emailDomain,
    auditEventId: auditEvent.id,
    destinationId: orgA2.id,
    importUrl: options.importUrl,
    userId: bystanderId,
    teamId: team.id,
    samlProviderId: providers.A.id,
    samlCertificate,
    subdomain,
    loneMemberId,
    reviewerId: adminId,
    ...integrationIds,
    siteContentSpaceId: byKey.get("S1")!.entity.id,
    ...(await invites(orgA.id)),
    ...(await fonts(ctxA, orgA.id)),
    ...(await webhooks(ctxA, orgA.id)),
    ...integrationA,
    ...(await failedDelivery(orgA.id, integrationA.installationId)),
    installedSpaceId: idOf("S1"),
    installedSiteId: idOf("W1"),
    otherSpaceId: idOf("S2"),
    otherSiteId: idOf("WP"),
  };

  /** The target a place stands for, as built. */
  function target(resource: Resource, place: string): Target {
    const base = { organization: organizations.A, container: organizations.A, destination: organizations.A2 };
    if (resource === "self" || resource === "organization") return { place, subject: base, ids: common };
    if (resource === "team") {
      const entity = teams.get(place)!;
      return { place, subject: { ...base, team: entity }, ids: { ...common, teamId: entity.id } };
    }
    const { entity, ids } = byKey.get(place)!;
    return { place, subject: subjectOf(entity), ids: { ...common, ...ids } };
  }

  function subjectOf(entity: Entity): Subject {
    const base = { organization: organizations.A, destination: organizations.A2, container: entity.parent ?? organizations.A };
    if (entity.kind === "site") return { ...base, site: entity };
    return entity.kind === "collection" ? { ...base, collection: entity } : { ...base, space: entity, ...(entity.parent ? { collection: entity.parent } : {}) };
  }

  /**
   * A fresh item standing in for a place, for one call that changes it: an organization with A's
   * members (the bystander too, and a lone member of its own: in no other organization), a SAML
   * provider and invites — deleted (`deleted`: only its admins find it, to restore it) —, a
   * collection or space made like the place's (parent, default level, grants), a change request on
   * such a space, a team of A with the place's members, or a token of the caller's own.
   */
  async function fresh(resource: Resource, place: string, caller: Caller, options: { empty?: boolean; deleted?: boolean; content?: boolean } = {}): Promise<Target> {
    if (resource === "self") {
      const tokenId = caller.userId ? (await createApiToken({ userId: caller.userId, via: "session" }, { name: "fresh" })).apiToken.id : newId();
      // For joinOrganizationWithInvite: a link to an organization of its own (joining it changes no one else's world).
      const joinable = await createOrganization("Matrix J (fresh)");
      const { token, tokenHash } = newInviteToken();
      await db().organizationInvite.create({ data: { id: newId(), organizationId: joinable.id, kind: "link", role: null, tokenHash, expiresAt: inviteExpiry("link") } });
      return { ...target("self", place), ids: { ...common, tokenId, organizationId: joinable.id, inviteId: token, userId: caller.userId ?? newId() } };
    }
    if (resource === "organization") {
      const organization = await createOrganization("Matrix A (fresh)");
      const members = [...callers.values()].filter((c) => c.userId && "A" in c.memberships && c.signedIn);
      await db().member.createMany({
        data: [...members.map((c) => ({ organizationId: organization.id, userId: c.userId!, role: c.memberships.A ?? null })), { organizationId: organization.id, userId: bystanderId, role: "edit" }],
      });
      const provider = await makeProvider("A", organization.id);
      const lone = await addMember(organization.id, "read");
      const entity: Entity = { ...organizationEntity("A", organization.id), ...(options.deleted ? { minimum: "admin" as const } : {}) };
      const integration = await freshIntegration(organization.id);
      // The installation's spaces and sites are made by its admin with the default level (inherit) and no grants: what the model sees of them.
      const content = (kind: "space" | "site", id: string): Entity => ({ id, label: `the fresh organization's ${kind}`, kind, org: "A", parent: null, level: "inherit", grants: {}, minimum: "read", related: [] });
      const ids: Ids = { ...common, organizationId: organization.id, loneMemberId: lone.user.id, samlProviderId: provider.id, ...(await invites(organization.id)), ...(await fonts(ctxA, organization.id)), ...(await webhooks(ctxA, organization.id)), ...integration };
      // Deleted once it holds all that: what its restore brings back.
      if (options.deleted) await db().organization.update({ where: { id: organization.id }, data: { deletedAt: new Date() } });
      return {
        place,
        subject: { organization: entity, container: entity, destination: organizations.A2, space: content("space", integration.installedSpaceId), site: content("site", integration.installedSiteId) },
        ids,
      };
    }
    if (resource === "team") {
      const entity = await makeTeam(TEAMS.find((spec) => spec.key === place)!);
      return { place, subject: { organization: organizations.A, container: organizations.A, destination: organizations.A2, team: entity }, ids: { ...common, teamId: entity.id } };
    }
    const spec = [...COLLECTIONS, ...SPACES, ...SITES].find((candidate) => candidate.key === place)!;
    const placed = resource === "collection" ? await makeCollection(spec) : resource === "site" ? await makeSite(spec) : await makeSpace(spec, options);
    // Installed there as on the place, for the rows that change or remove that.
    if (resource === "space") await db().integrationSpaceInstallation.create({ data: { installationId: integrationA.installationId, spaceId: placed.entity.id, status: "active" } });
    if (resource === "site") await db().integrationSiteInstallation.create({ data: { installationId: integrationA.installationId, siteId: placed.entity.id, status: "active" } });
    const ids: Ids = { ...common, ...placed.ids, anchor: byKey.get(place)!.ids.anchor };
    if (resource === "changeRequest") ids.changeRequestId = (await createChangeRequest(ctxRevoked, placed.entity.id, { subject: "Fresh" })).id;
    if (resource === "changeRequest" && options.content) Object.assign(ids, await changeRequestComments(ctxA, placed.entity.id, ids.changeRequestId!, []));
    return { place, subject: subjectOf(placed.entity), ids };
  }

  /** The state of a call's target, to show that a refused call changed nothing. */
  async function snapshot(resource: Resource, ids: Ids): Promise<unknown> {
    switch (resource) {
      case "self":
        return null;
      case "organization":
        return db().organization.findUnique({
          where: { id: ids.organizationId },
          include: {
            _count: { select: { collections: true, spaces: true, teams: true } },
            members: { select: { userId: true, role: true, ssoAt: true }, orderBy: { userId: "asc" } },
            samlProviders: { orderBy: { id: "asc" } },
            customFonts: { include: { faces: true }, orderBy: { id: "asc" } },
            storageUploads: { orderBy: { id: "asc" } },
            webhooks: { orderBy: { id: "asc" } },
            organizationEvents: { select: { id: true }, orderBy: { id: "asc" } },
            integrations: { include: { assets: true }, orderBy: { id: "asc" } },
            integrationInstallations: { include: { spaces: true, sites: true }, orderBy: { id: "asc" } },
            // Failed ones alone: workers attempt the pending ones meanwhile where they run.
            eventDeliveries: { where: { status: "failed" }, include: { attemptsLog: true }, orderBy: { id: "asc" } },
          },
        });
      case "collection":
        return db().collection.findUnique({ where: { id: ids.collectionId }, include: { _count: { select: { spaces: true, children: true } }, grants: grantsSelect } });
      case "space":
        return [
          await db().space.findUnique({ where: { id: ids.spaceId }, include: { _count: { select: { changeRequestList: true, contentImports: true } }, grants: grantsSelect, integrationInstallations: true } }),
          await discussionOf(ids.spaceId!),
        ];
      case "team":
        return db().team.findUnique({ where: { id: ids.teamId }, include: { members: { select: { userId: true, role: true }, orderBy: { userId: "asc" } } } });
      case "site":
        return db().site.findUnique({
          where: { id: ids.siteId },
          include: {
            grants: grantsSelect,
            sections: { orderBy: { id: "asc" } },
            sectionGroups: { orderBy: { id: "asc" } },
            siteSpaces: { orderBy: { id: "asc" } },
            shareLinks: { orderBy: { id: "asc" } },
            redirects: { orderBy: { id: "asc" } },
            integrationInstallations: true,
          },
        });
      case "changeRequest":
        return [
          await db().changeRequest.findUnique({ where: { id: ids.changeRequestId } }),
          await db().space.findUnique({ where: { id: ids.spaceId } }),
          await db().changeRequestReview.findMany({ where: { changeRequestId: ids.changeRequestId }, orderBy: { id: "asc" } }),
          await db().changeRequestReviewRequest.findMany({ where: { changeRequestId: ids.changeRequestId }, orderBy: { userId: "asc" } }),
          await discussionOf(ids.spaceId!),
        ];
    }
  }

  const tokens = await db().apiToken.findMany({ where: { userId: { in: [...callers.values()].flatMap((c) => (c.userId ? [c.userId] : [])) } }, select: { id: true, userId: true } });

  /**
   * What must never be in an answer to this caller: every item it cannot see with its pages,
   * files, revisions and change requests (all of B for A's callers), the people it shares no
   * organization with, any token, and other people's token ids.
   */
  function forbiddenFor(caller: Caller): { label: string; value: string }[] {
    // An installation sees the ids of A's teams and collections that what it reaches names (a space's grants, its parent), and A's people.
    const named = (entity: Entity) => caller.installation !== undefined && (entity.kind === "team" || entity.kind === "collection") && entity.org === "A";
    const hidden = entities.filter((entity) => !canSee(caller, entity) && !named(entity)).flatMap((entity) => [entity.id, ...entity.related].map((value) => ({ label: entity.label, value })));
    const callerOrgs = caller.installation ? ["A"] : Object.keys(caller.memberships);
    const shares = (other: Caller) => caller.signedIn && memberOf(other).some((org) => callerOrgs.includes(org));
    // (The integration's own token and its installation's are one bot user.)
    const people = [...callers.values()].filter((other) => other.userId && other.userId !== caller.userId && !shares(other));
    const bystander = caller.signedIn && callerOrgs.includes("A") ? [] : [{ label: "A's bystander's user id", value: bystanderId }, { label: "A's lone member's user id", value: loneMemberId }];
    return [
      ...hidden,
      ...bystander,
      ...people.flatMap((other) => [{ label: `${other.name}'s user id`, value: other.userId! }, { label: `${other.name}'s email`, value: other.email! }]),
      ...[...callers.values()].flatMap((other) => (other.token ? [{ label: `${other.name}'s token`, value: other.token }] : [])),
      ...tokens.filter((token) => token.userId !== caller.userId).map((token) => ({ label: "another user's token id", value: token.id })),
    ];
  }

  const otherEvent = await db().domainEvent.findFirstOrThrow({ where: { organizationId: orgB.id } });
  // The audit log's events of A and B as the world was built: only their organization's admins may see one.
  for (const org of ["A", "B"] as const) {
    const events = await db().domainEvent.findMany({ where: { organizationId: orgIds[org] }, select: { id: true } });
    entities.push({ id: events[0]!.id, label: `organization ${org}'s audit events`, kind: "auditEvent", org, parent: null, level: "inherit", grants: {}, minimum: "admin", related: events.slice(1).map((event) => event.id) });
  }
  /** The id of an item of the world by its key (C, S1, SB, T, TB, PA, PB, …), or B's audit event ("EB"). */
  function idOf(key: string): string {
    if (key === "EB") return otherEvent.id;
    if (key === "PA" || key === "PB") return providers[key === "PA" ? "A" : "B"].id;
    return (teams.get(key) ?? byKey.get(key)?.entity)!.id;
  }

  return {
    idOf,
    callers: CALLERS.map((name) => callers.get(name)!),
    caller: (name: CallerName) => callers.get(name)!,
    target,
    fresh,
    snapshot,
    forbiddenFor,
  };
}

/** A space's comments, replies, reactions and change request conversations, in a stable order. */
async function discussionOf(spaceId: string) {
  const comments = await db().comment.findMany({ where: { spaceId }, orderBy: { id: "asc" } });
  const commentIds = comments.map((comment) => comment.id);
  const replies = await db().commentReply.findMany({ where: { commentId: { in: commentIds } }, orderBy: { id: "asc" } });
  const reactions = await db().commentReaction.findMany({ where: { OR: [{ commentId: { in: commentIds } }, { replyId: { in: replies.map((reply) => reply.id) } }] }, orderBy: { id: "asc" } });
  const conversations = await db().changeRequestConversation.findMany({ where: { changeRequestId: { in: comments.flatMap((comment) => (comment.changeRequestId ? [comment.changeRequestId] : [])) } }, orderBy: { changeRequestId: "asc" } });
  return { comments, replies, reactions, conversations };
}

const grantsSelect = { select: { userId: true, teamId: true, role: true }, orderBy: { id: "asc" } } as const;

/** Adds the draft and merged content every place's space has; returns its ids and records what belongs to it in `related`. */
async function fill(ctx: ServiceContext, spaceId: string, related: string[]): Promise<Partial<Ids>> {
  const apply = async (changeRequestId: string, changes: unknown[]) => applyContentChanges(ctx, spaceId, changeRequestId, { changes });
  const adding = await createChangeRequest(ctx, spaceId, { subject: "Matrix content" });
  const fileId = (await apply(adding.id, [{ operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", base64: PNG }] }])).insertedFiles[0]!.id;
  const markdown = `The ${SEARCH_WORD} page.\n\n![Diagram](/files/${fileId})\n`;
  const pageId = (await apply(adding.id, [{ operation: "insert_page", title: `Matrix ${SEARCH_WORD}`, slug: "matrix", document: { markdown } }])).outcomes[0]!.pageId;
  const merged = await mergeChangeRequest(ctx, spaceId, adding.id);
  const draft = await createChangeRequest(ctx, spaceId, { subject: "Matrix draft" });
  const draftPageId = (await apply(draft.id, [{ operation: "insert_page", title: "Draft", slug: "draft", document: { markdown: `See [the ${SEARCH_WORD} page](/pages/${pageId}).\n` } }])).outcomes[0]!.pageId;
  const draftRevision = await db().revision.findUniqueOrThrow({ where: { id: (await db().changeRequest.findUniqueOrThrow({ where: { id: draft.id } })).revisionId } });
  const mainRevision = await db().revision.findUniqueOrThrow({ where: { id: merged.revision } });
  const pages = [...(await readPages(db(), mainRevision)), ...(await readPages(db(), draftRevision))];
  related.push(adding.id, draft.id, fileId, merged.revision, draftRevision.id, ...pages.map((page) => page.id));
  return { revisionId: merged.revision, changeRequestId: draft.id, pageId, fileId, draftRevisionId: draftRevision.id, draftPageId };
}

/** A comment on a page of the space with a reply, by the context's user; their ids go to `related`. */
async function spaceComments(ctx: ServiceContext, spaceId: string, pageId: string, related: string[]): Promise<Partial<Ids>> {
  const comment = await postComment(ctx, { spaceId }, { page: pageId, body: { markdown: "A comment of the matrix" } });
  const reply = await postReply(ctx, { spaceId, commentId: comment.id }, { markdown: "A reply of the matrix" });
  related.push(comment.id, reply.id);
  return { commentId: comment.id, commentReplyId: reply.id };
}

/** A comment on the change request itself (its `default` conversation) with a reply. */
async function changeRequestComments(ctx: ServiceContext, spaceId: string, changeRequestId: string, related: string[]): Promise<Partial<Ids>> {
  const comment = await postComment(ctx, { spaceId, changeRequest: changeRequestId }, { body: { markdown: "A change request comment of the matrix" } });
  const reply = await postReply(ctx, { spaceId, changeRequest: changeRequestId, commentId: comment.id }, { markdown: "A reply of the matrix" });
  related.push(comment.id, reply.id);
  return { changeRequestCommentId: comment.id, changeRequestReplyId: reply.id, conversationId: "default" };
}
