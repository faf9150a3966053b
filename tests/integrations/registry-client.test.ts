import { randomBytes } from "node:crypto";
import { GitBookAPI, IntegrationCategory, IntegrationScope, IntegrationVisibility } from "@gitbook/api";
import { afterAll, beforeAll, expect, test } from "vitest";
import { assertConforms } from "../helpers/conformance";
import { createTenant } from "../helpers/factories";
import { startApiServer } from "../helpers/server";

/** The registry as GitBook's own client (what its CLI publishes with) sees it. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

test("the official client publishes, reads, lists, switches development mode and unpublishes an integration", async () => {
  const tenant = await createTenant();
  const api = new GitBookAPI({ endpoint: server.url, authToken: tenant.admin.token });
  const name = `client-${randomBytes(4).toString("hex")}`;
  const icon = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(16)]).toString("base64");

  const { data: published } = await api.integrations.publishIntegration(name, {
    organization: tenant.organization.id,
    title: "Client",
    description: "Published by the official client",
    script: "export default {}",
    scopes: [IntegrationScope.SpaceContentRead, IntegrationScope.SpaceMetadataRead],
    categories: [IntegrationCategory.Content],
    visibility: IntegrationVisibility.Public,
    icon,
    configurations: { space: { properties: { channel: { type: "string", title: "Channel" } }, required: ["channel"] } },
  });
  assertConforms("publishIntegration", 200, published);
  expect(published).toMatchObject({ object: "integration", name, version: 1, visibility: IntegrationVisibility.Public });
  expect(published.urls.icon).toContain(`/api/integrations/${name}/assets/icon-0`);

  const { data: again } = await api.integrations.publishIntegration(name, { organization: tenant.organization.id, title: "Client", description: "Again", script: "", scopes: [], visibility: IntegrationVisibility.Public });
  expect(again.version).toBe(2);

  const { data: read } = await api.integrations.getIntegrationByName(name);
  assertConforms("getIntegrationByName", 200, read);
  expect(read).toMatchObject({ name, description: "Again", version: 2 });

  const { data: listed } = await api.integrations.listIntegrations({ search: name, blocks: false });
  assertConforms("listIntegrations", 200, listed);
  expect(listed.items.map((integration) => integration.name)).toEqual([name]);

  const { data: ofOrganization } = await api.orgs.listOrganizationIntegrations(tenant.organization.id, { search: name });
  assertConforms("listOrganizationIntegrations", 200, ofOrganization);
  expect(ofOrganization.items.map((integration) => integration.name)).toEqual([name]);

  expect((await api.integrations.setIntegrationDevelopmentMode(name, { tunnelUrl: "https://tunnel.example.com/client", all: false })).status).toBe(204);
  expect((await api.integrations.disableIntegrationDevelopmentMode(name)).status).toBe(205);

  expect((await api.integrations.unpublishIntegration(name)).status).toBe(205);
  await expect(api.integrations.getIntegrationByName(name)).rejects.toMatchObject({ code: 404 });
});
