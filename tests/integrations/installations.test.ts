import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { publishTestIntegration, createOrganization, createSite, createTenant, createToken } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/**
 * Installing integrations on organizations, spaces and sites (server/integrations/installations):
 * who may, what the integration's target allows, configuration checked against its schema, the
 * status following it, selections reflected in counts and lists, and the domain event each change
 * records (COMMON contract 2). Every answer is checked against the reference by the client.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const CONFIGURATIONS = {
  account: {
    properties: {
      apiKey: { type: "string", title: "API key" },
      region: { type: "string", title: "Region", enum: ["eu", "us"], default: "eu" },
      retries: { type: "number", title: "Retries" },
      verbose: { type: "boolean", title: "Verbose", default: false },
    },
    required: ["apiKey"],
  },
  space: { properties: { channel: { type: "string", title: "Channel" } }, required: ["channel"] },
  site: { properties: { tracking: { type: "boolean", title: "Tracking", default: true } } },
};

/** A tenant (A, with B next door), a vendor organization publishing a public integration with configurations, and A's first space. */
async function setup(definition: Parameters<typeof publishTestIntegration>[1] = {}) {
  const tenant = await createTenant();
  const vendor = await createOrganization("Vendor");
  const integration = await publishTestIntegration(vendor.id, { configurations: CONFIGURATIONS as never, ...definition });
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Guides" })).body as { id: string };
  const installations = `/v1/integrations/${integration.name}/installations`;
  return { tenant, vendor, integration, organizationId, admin, space, installations, as: (token: string) => apiClient(server.url, token) };
}

const eventsOf = (organizationId: string) =>
  db().domainEvent.findMany({ where: { organizationId, action: { startsWith: "integration_" } }, orderBy: { occurredAt: "asc" }, select: { action: true, payload: true, targetType: true, targetId: true } });

describe("installing on an organization", () => {
  test("an admin installs: 201 with its Location, pending while a required setting is missing, defaults applied, each change recorded", async () => {
    const { admin, organizationId, installations, integration } = await setup();
    const installed = await admin.post(installations, { organization: organizationId });
    expect(installed.status).toBe(201);
    const installation = installed.body;
    expect(installed.headers.get("location")).toBe(installation.urls.location);
    expect(installation).toMatchObject({ status: "pending", space_selection: "selected", site_selection: "selected", spaces: 0, configuration: { region: "eu", verbose: false }, externalIds: [], target: { organization: organizationId } });

    const configured = await admin.patch(`${installations}/${installation.id}`, { configuration: { apiKey: "k-1", retries: 3 } });
    expect(configured.status).toBe(200);
    expect(configured.body).toMatchObject({ status: "active", configuration: { apiKey: "k-1", retries: 3, region: "eu", verbose: false } });
    // Nothing changed: no event.
    expect((await admin.patch(`${installations}/${installation.id}`, { configuration: { apiKey: "k-1", retries: 3 } })).status).toBe(200);
    // Installing again answers the installation as it is.
    const again = await admin.post(installations, { organization: organizationId });
    expect([again.status, again.body.id, again.body.status]).toEqual([201, installation.id, "active"]);

    expect(await eventsOf(organizationId)).toEqual([
      {
        action: "integration_installation.created",
        payload: { integrationId: expect.any(String), integrationName: integration.name, installationId: installation.id, status: "pending" },
        targetType: "integration_installation",
        targetId: installation.id,
      },
      {
        action: "integration_installation.updated",
        payload: {
          integrationId: expect.any(String),
          integrationName: integration.name,
          installationId: installation.id,
          status: "active",
          previous: { status: "pending", configuration: { region: "eu", verbose: false } },
        },
        targetType: "integration_installation",
        targetId: installation.id,
      },
    ]);
  });

  test("configuration is checked against the account schema: each problem names its property", async () => {
    const { admin, organizationId, installations } = await setup();
    const cases: [unknown, string, RegExp][] = [
      [{ apiKey: 42 }, "apiKey", /configuration\.apiKey: Must be text/],
      [{ apiKey: "k", retries: "3" }, "retries", /configuration\.retries: Must be a number/],
      [{ apiKey: "k", region: "mars" }, "region", /configuration\.region: Must be one of "eu", "us"/],
      [{ apiKey: "k", verbose: "yes" }, "verbose", /Must be true or false/],
      [{ apiKey: "k", nope: 1 }, "nope", /configuration\.nope: Is not a setting of this integration/],
      [{ apiKey: "x".repeat(10_001) }, "apiKey", /at most 10000 characters/],
      [{ apiKey: "k", deep: JSON.parse('{"a":'.repeat(50) + "1" + "}".repeat(50)) }, "", /configuration: Nests too deep/],
    ];
    for (const [configuration, property, message] of cases) {
      const refused = await admin.post(installations, { organization: organizationId, configuration });
      expect(refused.status, JSON.stringify(configuration).slice(0, 80)).toBe(400);
      expect(fieldErrorsOf(refused.body)).toMatch(message);
      expect(refused.body.error.details).toMatchObject({ property });
    }
    // Refused installs installed nothing.
    expect(await db().integrationInstallation.count({ where: { organizationId } })).toBe(0);
    const installed = await admin.post(installations, { organization: organizationId, configuration: { apiKey: "k", region: "us" } });
    expect(installed.body).toMatchObject({ status: "active", configuration: { apiKey: "k", region: "us", verbose: false } });
    const refused = await admin.patch(`${installations}/${installed.body.id}`, { configuration: { apiKey: "k", retries: "many" } });
    expect([refused.status, refused.body.error.details.property]).toEqual([400, "retries"]);
    // Clearing a required setting makes it pending again.
    expect((await admin.patch(`${installations}/${installed.body.id}`, { configuration: { region: "us" } })).body.status).toBe("pending");
  });

  test("only the organization's admins install; another organization's caller does not find it; a private integration is its owner's alone", async () => {
    const { tenant, organizationId, installations, as, vendor } = await setup();
    const member = await tenant.member("create");
    expect((await as(member.token).post(installations, { organization: organizationId })).status).toBe(403);
    expect((await as(tenant.stranger.token).post(installations, { organization: organizationId })).status).toBe(404);
    const installation = (await as(tenant.admin.token).post(installations, { organization: organizationId })).body;
    const path = `${installations}/${installation.id}`;
    expect((await as(member.token).get(path)).status).toBe(403);
    expect((await as(member.token).patch(path, { externalIds: ["x"] })).status).toBe(403);
    expect((await as(member.token).delete(path)).status).toBe(403);
    expect((await as(tenant.stranger.token).get(path)).status).toBe(404);
    expect((await as(tenant.stranger.token).patch(path, { externalIds: ["x"] })).status).toBe(404);
    // Invisible is as absent: done, and still there.
    expect((await as(tenant.stranger.token).delete(path)).status).toBe(204);
    expect((await as(tenant.admin.token).get(path)).status).toBe(200);

    const secret = await publishTestIntegration(vendor.id, { visibility: "private" });
    expect((await as(tenant.admin.token).post(`/v1/integrations/${secret.name}/installations`, { organization: organizationId })).status).toBe(404);
    // Its owner installs it on itself.
    expect((await as(await createToken(secret.publisherId)).post(`/v1/integrations/${secret.name}/installations`, { organization: vendor.id })).status).toBe(201);
  });

  test("uninstalling removes its space and site installations with it, records its deletion, and is done when absent", async () => {
    const { admin, organizationId, installations, space, integration } = await setup();
    const installation = (await admin.post(installations, { organization: organizationId, configuration: { apiKey: "k" } })).body;
    const site = await createSite(organizationId);
    await admin.post(`${installations}/${installation.id}/spaces`, { space: space.id });
    await admin.post(`${installations}/${installation.id}/sites`, { siteId: site.id });
    expect((await admin.delete(`${installations}/${installation.id}`)).status).toBe(204);
    expect(await db().integrationSpaceInstallation.count({ where: { installationId: installation.id } })).toBe(0);
    expect(await db().integrationSiteInstallation.count({ where: { installationId: installation.id } })).toBe(0);
    expect((await admin.get(`${installations}/${installation.id}`)).status).toBe(404);
    expect((await admin.delete(`${installations}/${installation.id}`)).status).toBe(204);
    const deletions = (await eventsOf(organizationId)).filter((event) => event.action.endsWith(".deleted"));
    expect(deletions).toEqual([
      { action: "integration_installation.deleted", payload: { integrationId: expect.any(String), integrationName: integration.name, installationId: installation.id }, targetType: "integration_installation", targetId: installation.id },
    ]);
  });

  test("an integration made for sites alone cannot select every space nor be installed on one", async () => {
    const { admin, organizationId, space, integration } = await setup({ target: "site" });
    const installations = `/v1/integrations/${integration.name}/installations`;
    const refused = await admin.post(installations, { organization: organizationId, space_selection: "all" });
    expect([refused.status, refused.body.error.details]).toEqual([400, { fields: { space_selection: "This integration cannot be installed on spaces." } }]);
    const installation = (await admin.post(installations, { organization: organizationId, site_selection: "all", configuration: { apiKey: "k" } })).body;
    const onSpace = await admin.post(`${installations}/${installation.id}/spaces`, { space: space.id });
    expect(onSpace.status).toBe(400);
    expect(onSpace.body.error.message).toMatch(/cannot be installed on a space: it is made for sites/);
    expect((await admin.patch(`${installations}/${installation.id}`, { space_selection: "all" })).status).toBe(400);
    const site = await createSite(organizationId);
    expect((await admin.post(`${installations}/${installation.id}/sites`, { siteId: site.id })).status).toBe(201);
  });
});

describe("installing on spaces and sites", () => {
  test("a space installation: configured by its own schema, counted once active, listed, and the space lists the integration", async () => {
    const { admin, organizationId, installations, space, integration, tenant, as } = await setup();
    const installation = (await admin.post(installations, { organization: organizationId, configuration: { apiKey: "k" } })).body;
    const spaces = `${installations}/${installation.id}/spaces`;
    const other = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Other" })).body as { id: string };

    const created = await admin.post(spaces, { space: space.id });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(created.body.urls.location);
    expect(created.body).toMatchObject({ integration: integration.name, installation: installation.id, status: "pending", configuration: {}, externalIds: [], space: space.id });
    // Pending: it reaches no space yet.
    expect((await admin.get(`${installations}/${installation.id}`)).body.spaces).toBe(0);
    expect((await admin.get(`/v1/spaces/${space.id}/integrations`)).body).toEqual({ items: [], count: 0 });

    const refused = await admin.patch(`${spaces}/${space.id}`, { configuration: { channel: 7 } });
    expect([refused.status, refused.body.error.details.property]).toEqual([400, "channel"]);
    const configured = await admin.patch(`${spaces}/${space.id}`, { configuration: { channel: "#docs" }, externalIds: ["C123"] });
    expect(configured.body).toMatchObject({ status: "active", configuration: { channel: "#docs" }, externalIds: ["C123"] });
    expect((await admin.get(`${installations}/${installation.id}`)).body.spaces).toBe(1);
    const listed = (await admin.get(`/v1/spaces/${space.id}/integrations`)).body;
    expect(listed.items.map((item: { name: string }) => item.name)).toEqual([integration.name]);
    expect((await admin.get(`/v1/spaces/${other.id}/integrations`)).body.count).toBe(0);
    expect((await admin.get(`/v1/spaces/${space.id}/integrations?search=nothing-like-it`)).body.count).toBe(0);

    const list = (await admin.get(spaces)).body;
    expect(list).toMatchObject({ count: 1, items: [{ space: space.id, status: "active" }] });
    const extended = (await admin.get(`${spaces}?extended=true`)).body;
    expect(extended.items[0].space).toMatchObject({ object: "space", id: space.id });
    expect((await admin.get(`${spaces}/${space.id}?extended=true`)).body.space.id).toBe(space.id);
    const byExternalId = (await admin.get(`/v1/integrations/${integration.name}/spaces?externalId=C123`)).body;
    expect(byExternalId.items.map((item: { space: string }) => item.space)).toEqual([space.id]);
    expect((await admin.get(`/v1/integrations/${integration.name}/spaces?externalId=C999`)).body.count).toBe(0);

    // Every space: the count and the other space's list follow.
    await admin.patch(`${installations}/${installation.id}`, { space_selection: "all" });
    expect((await admin.get(`${installations}/${installation.id}`)).body.spaces).toBe(2);
    expect((await admin.get(`/v1/spaces/${other.id}/integrations`)).body.count).toBe(1);

    // A member who reads the space sees the integrations reaching it, and cannot install there.
    const reader = await tenant.member("read");
    expect((await as(reader.token).get(`/v1/spaces/${space.id}/integrations`)).body.count).toBe(1);
    expect((await as(reader.token).post(spaces, { space: other.id })).status).toBe(403);
    expect((await as(reader.token).delete(`${spaces}/${space.id}`)).status).toBe(403);

    expect((await admin.delete(`${spaces}/${space.id}`)).status).toBe(204);
    expect((await admin.delete(`${spaces}/${space.id}`)).status).toBe(204);
    expect((await admin.get(`${spaces}/${space.id}`)).status).toBe(404);

    const events = (await eventsOf(organizationId)).filter((event) => event.action.startsWith("integration_space_installation."));
    const base = { integrationId: expect.any(String), integrationName: integration.name, installationId: installation.id, spaceId: space.id };
    expect(events.map((event) => [event.action, event.payload])).toEqual([
      ["integration_space_installation.created", { ...base, status: "pending" }],
      ["integration_space_installation.updated", { ...base, status: "active", previous: { status: "pending", configuration: {} } }],
      ["integration_space_installation.deleted", base],
    ]);
  });

  test("a space or site of another organization is not found; a space admin who is no organization admin installs there", async () => {
    const { admin, organizationId, installations, tenant, as, space } = await setup();
    const installation = (await admin.post(installations, { organization: organizationId, configuration: { apiKey: "k" } })).body;
    const strangerSpace = (await as(tenant.stranger.token).post(`/v1/orgs/${tenant.otherOrganization.id}/spaces`, { title: "Theirs" })).body as { id: string };
    const strangerSite = await createSite(tenant.otherOrganization.id);
    expect((await admin.post(`${installations}/${installation.id}/spaces`, { space: strangerSpace.id })).status).toBe(404);
    expect((await admin.post(`${installations}/${installation.id}/sites`, { siteId: strangerSite.id })).status).toBe(404);
    expect((await as(tenant.stranger.token).post(`${installations}/${installation.id}/spaces`, { space: strangerSpace.id })).status).toBe(404);

    const editor = await tenant.member("edit");
    await admin.post(`/v1/spaces/${space.id}/permissions`, { role: "admin", users: [editor.user.id] });
    const byEditor = await as(editor.token).post(`${installations}/${installation.id}/spaces`, { space: space.id });
    expect(byEditor.status).toBe(201);
    // …but the installation itself stays the organization admins'.
    expect((await as(editor.token).get(`${installations}/${installation.id}`)).status).toBe(403);
  });

  test("a site installation, and sites reached with every site selected", async () => {
    const { admin, organizationId, installations, integration } = await setup();
    const installation = (await admin.post(installations, { organization: organizationId, configuration: { apiKey: "k" } })).body;
    const sites = `${installations}/${installation.id}/sites`;
    const [site, other] = [await createSite(organizationId), await createSite(organizationId)];
    const created = await admin.post(sites, { siteId: site.id });
    expect(created.body).toMatchObject({ integration: integration.name, installation: installation.id, status: "active", configuration: { tracking: true }, site: site.id });
    const refused = await admin.patch(`${sites}/${site.id}`, { configuration: { tracking: "no" } });
    expect([refused.status, refused.body.error.details.property]).toEqual([400, "tracking"]);
    expect((await admin.patch(`${sites}/${site.id}`, { configuration: { tracking: false } })).body.configuration).toEqual({ tracking: false });
    expect((await admin.get(`${sites}?extended=true`)).body.items[0].site).toMatchObject({ object: "site", id: site.id });
    expect((await admin.get(`/v1/integrations/${integration.name}/sites`)).body).toMatchObject({ count: 1, items: [{ site: site.id }] });

    const siteIntegrations = (id: string) => admin.get(`/v1/orgs/${organizationId}/sites/${id}/integrations`);
    expect((await siteIntegrations(site.id)).body.count).toBe(1);
    expect((await siteIntegrations(other.id)).body.count).toBe(0);
    await admin.patch(`${installations}/${installation.id}`, { site_selection: "all" });
    expect((await siteIntegrations(other.id)).body.count).toBe(1);

    expect((await admin.delete(`${sites}/${site.id}`)).status).toBe(204);
    const events = (await eventsOf(organizationId)).filter((event) => event.action.startsWith("integration_site_installation."));
    expect(events.map((event) => [event.action, (event.payload as { siteId: string }).siteId])).toEqual([
      ["integration_site_installation.created", site.id],
      ["integration_site_installation.updated", site.id],
      ["integration_site_installation.deleted", site.id],
    ]);
  });
});

describe("lists and the integration's own token", () => {
  test("the organization's installations with their integrations, for its admins", async () => {
    const { admin, organizationId, installations, integration, tenant, as } = await setup();
    const installation = (await admin.post(installations, { organization: organizationId })).body;
    const list = (await admin.get(`/v1/orgs/${organizationId}/installations`)).body;
    expect(list.count).toBe(1);
    expect(list.items[0].installation.id).toBe(installation.id);
    expect(list.items[0].integration).toMatchObject({ object: "integration", name: integration.name, permissions: { admin: false } });
    expect((await admin.get(`/v1/orgs/${organizationId}/installations?search=${integration.name}`)).body.count).toBe(1);
    expect((await admin.get(`/v1/orgs/${organizationId}/installations?search=absent-name`)).body.count).toBe(0);
    expect((await as((await tenant.member("create")).token).get(`/v1/orgs/${organizationId}/installations`)).status).toBe(403);
    expect((await as(tenant.stranger.token).get(`/v1/orgs/${organizationId}/installations`)).status).toBe(404);
  });

  test("the integration reads every installation of it and keeps its state in them, but neither widens their reach nor uninstalls", async () => {
    const { admin, organizationId, installations, integration, tenant, as } = await setup();
    const mine = (await admin.post(installations, { organization: organizationId })).body;
    const theirs = (await as(tenant.stranger.token).post(installations, { organization: tenant.otherOrganization.id })).body;
    const itself = as(integration.token);

    const all = (await itself.get(installations)).body;
    expect(all.items.map((item: { id: string }) => item.id).sort()).toEqual([mine.id, theirs.id].sort());
    // A's admin sees A's alone.
    expect((await admin.get(installations)).body.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);

    const updated = await itself.patch(`${installations}/${mine.id}`, { externalIds: ["team-1"], configuration: { apiKey: "from-oauth" } });
    expect(updated.body).toMatchObject({ externalIds: ["team-1"], status: "active" });
    expect((await itself.get(`${installations}?externalId=team-1`)).body.items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
    expect((await itself.patch(`${installations}/${mine.id}`, { space_selection: "all" })).status).toBe(403);
    expect((await itself.patch(`${installations}/${mine.id}`, { externalIds: ["1", "2", "3", "4", "5", "6"] })).status).toBe(400);
    expect((await itself.delete(`${installations}/${mine.id}`)).status).toBe(403);
    expect((await admin.get(`${installations}/${mine.id}`)).body.externalIds).toEqual(["team-1"]);

    // Its changes are recorded as the integration's.
    const [event] = await db().domainEvent.findMany({ where: { organizationId, action: "integration_installation.updated" } });
    expect(event!.actorType).toBe("integration");
  });
});
