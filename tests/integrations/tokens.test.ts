import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { hashIntegrationToken } from "../../server/integrations/tokens/resolve";
import { uninstallIntegration } from "../../server/integrations/installations";
import { regenerateIntegrationToken } from "../../server/integrations/registry";
import { purgeExpiredInstallationTokens } from "../../server/integrations/tokens/mint";
import { createInstallation, createIntegration, createSite, createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * Integration and installation tokens (issue 13): who may mint an installation token, how long it
 * lives, what ends it, and what it may do — exactly its scopes, on exactly the spaces and sites its
 * installation reaches. Every answer is checked against the reference (tests/helpers/server.ts).
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/**
 * Organization A (its admin creates spaces S1, S2 and sites W1, W2) where an integration published
 * by organization O (the tenant's other organization) is installed, reaching S1 and W1.
 */
async function setup(scopes: string[], options: { spaceSelection?: "all" | "selected"; visibility?: string } = {}) {
  const tenant = await createTenant();
  const A = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const space = async (title: string) => {
    const created = await admin.post(`/v1/orgs/${A}/spaces`, { title });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const [S1, S2] = [await space("S1"), await space("S2")];
  const [W1, W2] = [(await createSite(A, { title: "W1" })).id, (await createSite(A, { title: "W2" })).id];
  const { integration, token: integrationToken } = await createIntegration(tenant.otherOrganization.id, { scopes, visibility: options.visibility ?? "public" });
  const installation = await createInstallation(integration.id, A, { spaceSelection: options.spaceSelection, spaceIds: [S1], siteIds: [W1] });
  const asIntegration = apiClient(server.url, integrationToken);
  const mint = async () => {
    const minted = await asIntegration.post(`/v1/integrations/${integration.name}/installations/${installation.id}/tokens`);
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    return minted.body.token as string;
  };
  const installationToken = await mint();
  return { tenant, A, admin, S1, S2, W1, W2, integration, integrationToken, installation, asIntegration, mint, installationToken, api: apiClient(server.url, installationToken) };
}

const scopeOf = (response: { body: { error?: { details?: { scope?: string } } } }) => response.body.error?.details?.scope;

describe("minting installation tokens", () => {
  test("only the integration itself, with its own token, mints one: an hour long, its hash stored", async () => {
    const { tenant, integration, installation, installationToken, asIntegration } = await setup(["space:content:read"]);
    expect(installationToken).toMatch(/^qt_[A-Za-z0-9_-]{43}$/);
    const row = await db().integrationInstallationToken.findUniqueOrThrow({ where: { tokenHash: hashIntegrationToken(installationToken) } });
    expect(row.installationId).toBe(installation.id);
    expect(Math.abs(row.expiresAt.getTime() - Date.now() - 3600_000)).toBeLessThan(60_000);
    expect(JSON.stringify(await db().integrationInstallationToken.findMany({ where: { installationId: installation.id } }))).not.toContain(installationToken);

    const path = `/v1/integrations/${integration.name}/installations/${installation.id}/tokens`;
    // The owner organization's admin is not the integration.
    const ownersAdmin = await apiClient(server.url, tenant.stranger.token).post(path);
    expect(ownersAdmin.status).toBe(403);
    // Nor is the installing organization's admin.
    expect((await apiClient(server.url, tenant.admin.token).post(path)).status).toBe(403);
    // Nor the installation itself.
    expect((await apiClient(server.url, installationToken).post(path)).status).toBe(403);
    // Nor another integration, public or private.
    const other = await createIntegration(tenant.otherOrganization.id, { visibility: "public" });
    expect((await apiClient(server.url, other.token).post(path)).status).toBe(403);
    // An installation of another integration is not one of its own.
    const otherInstallation = await createInstallation(other.integration.id, tenant.organization.id);
    expect((await asIntegration.post(`/v1/integrations/${integration.name}/installations/${otherInstallation.id}/tokens`)).status).toBe(404);
    expect((await asIntegration.post(`/v1/integrations/${integration.name}/installations/unknown/tokens`)).status).toBe(404);
    expect((await apiClient(server.url).post(path)).status).toBe(401);
  });

  test("another organization's private integration is not found by another integration", async () => {
    const { tenant, integration, installation } = await setup(["space:content:read"], { visibility: "private" });
    const other = await createIntegration(tenant.organization.id);
    expect((await apiClient(server.url, other.token).post(`/v1/integrations/${integration.name}/installations/${installation.id}/tokens`)).status).toBe(404);
  });

  test("an expired token stops at once and the hourly purge removes it; uninstalling ends every token of the installation", async () => {
    const { tenant, S1, api, integration, installation, installationToken, mint } = await setup(["space:content:read"]);
    expect((await api.get(`/v1/spaces/${S1}`)).status).toBe(200);
    await db().integrationInstallationToken.update({ where: { tokenHash: hashIntegrationToken(installationToken) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api.get(`/v1/spaces/${S1}`)).status).toBe(401);
    expect(await purgeExpiredInstallationTokens()).toBeGreaterThanOrEqual(1);
    expect(await db().integrationInstallationToken.findUnique({ where: { tokenHash: hashIntegrationToken(installationToken) } })).toBeNull();

    const fresh = apiClient(server.url, await mint());
    expect((await fresh.get(`/v1/spaces/${S1}`)).status).toBe(200);
    // Uninstalled by the organization's admin (the installations service): its tokens end with it.
    await uninstallIntegration({ actor: { userId: tenant.admin.user.id, via: "session" }}, integration.name, installation.id);
    expect((await fresh.get(`/v1/spaces/${S1}`)).status).toBe(401);
    expect(await db().integrationInstallationToken.count({ where: { installationId: installation.id } })).toBe(0);
  });

  test("a regenerated integration token ends the old one; the new one mints", async () => {
    const { tenant, integration, installation, asIntegration } = await setup(["space:content:read"]);
    const path = `/v1/integrations/${integration.name}/installations/${installation.id}/tokens`;
    // Regenerated by an admin of the owner organization (the registry service).
    const { token } = await regenerateIntegrationToken({ actor: { userId: tenant.stranger.user.id, via: "session" }}, integration.name);
    expect((await asIntegration.post(path)).status).toBe(401);
    expect((await apiClient(server.url, token).post(path)).status).toBe(200);
  });
});

describe("what an installation token may do", () => {
  test("read scopes: reached spaces are read, unreached ones and other organizations' are not found, writes are refused naming the scope", async () => {
    const { tenant, A, S1, S2, api } = await setup(["space:content:read", "space:metadata:read"]);
    const space = await api.get(`/v1/spaces/${S1}`);
    expect(space.status).toBe(200);
    expect(space.body.permissions).toMatchObject({ view: true, edit: false, admin: false });
    expect((await api.get(`/v1/spaces/${S1}/content`)).status).toBe(200);
    expect((await api.get(`/v1/spaces/${S2}`)).status).toBe(404);
    expect((await api.get(`/v1/spaces/${S2}/content`)).status).toBe(404);
    const listed = await api.get(`/v1/orgs/${A}/spaces`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([S1]);
    const otherSpace = await apiClient(server.url, tenant.stranger.token).post(`/v1/orgs/${tenant.otherOrganization.id}/spaces`, { title: "B" });
    expect((await api.get(`/v1/spaces/${otherSpace.body.id}`)).status).toBe(404);
    expect((await api.get(`/v1/orgs/${tenant.otherOrganization.id}`)).status).toBe(404);

    const rename = await api.patch(`/v1/spaces/${S1}`, { title: "Renamed" });
    expect(rename.status).toBe(403);
    expect(scopeOf(rename)).toBe("space:content:write");
    expect(rename.body.error.message).toContain("space:content:write");
    const draft = await api.post(`/v1/spaces/${S1}/change-requests`, { subject: "Nope" });
    expect(draft.status).toBe(403);
    expect(scopeOf(draft)).toBe("space:content:write");
    expect((await api.patch(`/v1/spaces/${S2}`, { title: "Renamed" })).status).toBe(404);
    expect((await db().space.findUniqueOrThrow({ where: { id: S1 } })).title).toBe("S1");
  });

  test("space:content:write edits content and opens change requests, but settings need space:metadata:write too", async () => {
    const { A, admin, S1, S2, api, installation, integration } = await setup(["space:content:read", "space:content:write"]);
    expect((await api.get(`/v1/spaces/${S1}`)).body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    const draft = await api.post(`/v1/spaces/${S1}/change-requests`, { subject: "From the integration" });
    expect(draft.status).toBe(201);
    const edited = await api.post(`/v1/spaces/${S1}/change-requests/${draft.body.id}/content`, {
      changes: [{ operation: "insert_page", title: "Synced", slug: "synced", document: { markdown: "Synced.\n" } }],
    });
    expect(edited.status).toBe(200);
    expect((await api.post(`/v1/spaces/${S2}/change-requests`, { subject: "Nope" })).status).toBe(404);
    const rename = await api.patch(`/v1/spaces/${S1}`, { title: "Renamed" });
    expect(rename.status).toBe(403);
    expect(scopeOf(rename)).toBe("space:metadata:write");

    // Its changes are recorded as the installation's, named by the integration's title.
    const event = await db().domainEvent.findFirstOrThrow({ where: { action: "change_request.created", targetId: draft.body.id } });
    expect(event).toMatchObject({ actorType: "installation", actorId: installation.id, actorLabel: integration.title, source: "api" });
    // The organization's admins see it so in the audit log (AuditEventActor).
    const audit = await admin.get(`/v1/orgs/${A}/audit-events?action=change_request.created`);
    expect(audit.status).toBe(200);
    expect(audit.body.items.find((item: { id: string }) => item.id === event.id)?.actor).toEqual({ type: "installation", id: installation.id, label: integration.title });
  });

  test("both write scopes change a space's settings", async () => {
    const { S1, api } = await setup(["space:content:write", "space:metadata:write"]);
    const renamed = await api.patch(`/v1/spaces/${S1}`, { title: "Renamed by the integration" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("Renamed by the integration");
  });

  test("a reached space without any space scope is refused naming space:content:read", async () => {
    const { S1, S2, api } = await setup(["site:metadata:read"]);
    const read = await api.get(`/v1/spaces/${S1}`);
    expect(read.status).toBe(403);
    expect(scopeOf(read)).toBe("space:content:read");
    expect((await api.get(`/v1/spaces/${S2}`)).status).toBe(404);
  });

  test("spaces selection `all` reaches every space of the organization; a paused installation reaches none", async () => {
    const { A, S1, S2, api, installation } = await setup(["space:content:read"], { spaceSelection: "all" });
    expect((await api.get(`/v1/spaces/${S2}`)).status).toBe(200);
    expect((await api.get(`/v1/orgs/${A}/spaces`)).body.items.map((item: { id: string }) => item.id).sort()).toEqual([S1, S2].sort());
    await db().integrationInstallation.update({ where: { id: installation.id }, data: { status: "paused" } });
    expect((await api.get(`/v1/spaces/${S1}`)).status).toBe(404);
  });

  test("site scopes read the reached sites alone, and change none", async () => {
    const { A, W1, W2, api } = await setup(["site:metadata:read", "site:views:read"]);
    const site = await api.get(`/v1/orgs/${A}/sites/${W1}`);
    expect(site.status).toBe(200);
    expect(site.body.permissions).toMatchObject({ view: true, admin: false });
    expect((await api.get(`/v1/orgs/${A}/sites/${W2}`)).status).toBe(404);
    expect((await api.get(`/v1/orgs/${A}/sites`)).body.items.map((item: { id: string }) => item.id)).toEqual([W1]);
    const rename = await api.patch(`/v1/orgs/${A}/sites/${W1}`, { title: "Renamed" });
    expect(rename.status).toBe(403);
    expect((await db().site.findUniqueOrThrow({ where: { id: W1 } })).title).toBe("W1");
    // Without a site scope, a reached site is refused naming the scope.
    const spacesOnly = await setup(["space:content:read"]);
    const refused = await spacesOnly.api.get(`/v1/orgs/${spacesOnly.A}/sites/${spacesOnly.W1}`);
    expect(refused.status).toBe(403);
    expect(scopeOf(refused)).toBe("site:metadata:read");
  });

  test("in its organization an installation is no member: members, teams, the audit log and creating content are refused", async () => {
    const { A, api } = await setup(["space:content:write", "space:metadata:write"]);
    expect((await api.get(`/v1/orgs/${A}`)).status).toBe(200);
    for (const path of [`/v1/orgs/${A}/members`, `/v1/orgs/${A}/audit-events`]) expect((await api.get(path)).status, path).toBe(403);
    expect((await api.post(`/v1/orgs/${A}/spaces`, { title: "Made" })).status).toBe(403);
    expect((await api.get(`/v1/orgs/${A}/collections`)).body.items).toEqual([]);
    expect((await api.post(`/v1/orgs`, { title: "Made by an integration" })).status).toBe(403);
  });

  test("the integration's own token reaches no organization content", async () => {
    const { A, S1, W1, integrationToken } = await setup(["space:content:read", "site:metadata:read"]);
    const asIntegration = apiClient(server.url, integrationToken);
    for (const path of [`/v1/spaces/${S1}`, `/v1/orgs/${A}`, `/v1/orgs/${A}/spaces`, `/v1/orgs/${A}/sites/${W1}`]) expect((await asIntegration.get(path)).status, path).toBe(404);
    expect((await asIntegration.post(`/v1/orgs`, { title: "Made by an integration" })).status).toBe(403);
  });
});
