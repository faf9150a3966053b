import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { CUSTOM_SCRIPT_INTEGRATION, SYSTEM_ORGANIZATION_ID, WEBHOOK_INTEGRATION } from "../../server/integrations/builtin/definitions";
import { registerBuiltinIntegrations } from "../../server/integrations/builtin/register";
import { serveIntegrationAsset } from "../../server/integrations/registry/serve-asset";
import { startWorkers } from "../../server/jobs/workers";
import { Receiver, until, verifySignature } from "../deliveries/receiver";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { addSiteSpace, publishedSite, spaceWithPages, visit } from "../sites/serve-fixtures";

/**
 * The built-in integrations (server/integrations/builtin/): registered at start on a fresh database
 * (several app servers at once), listed in every organization's catalog, and working as any other
 * integration's installation does — the Webhook delivering signed events to its configured URL, the
 * Custom script rendering its snippet on the sites where it is installed, with their CSP widened for it.
 */

process.env.QUIRE_FETCH_ALLOWLIST = "127.0.0.1";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  // As app servers starting side by side do: the later ones find everything in place.
  await Promise.all([registerBuiltinIntegrations(), registerBuiltinIntegrations()]);
  await registerBuiltinIntegrations();
  server = await startApiServer();
  await startWorkers();
});
afterAll(() => server.close());

test("a fresh instance's catalog lists both, public, with their icons served, whatever the organization", async () => {
  expect(await db().integration.count({ where: { organizationId: SYSTEM_ORGANIZATION_ID } })).toBe(2);
  const tenant = await createTenant();
  for (const token of [tenant.admin.token, tenant.stranger.token]) {
    const catalog = (await apiClient(server.url, token).get("/v1/integrations")).body as { items: { name: string; visibility: string; urls: { icon?: string } }[] };
    const names = catalog.items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining([WEBHOOK_INTEGRATION, CUSTOM_SCRIPT_INTEGRATION]));
    for (const name of [WEBHOOK_INTEGRATION, CUSTOM_SCRIPT_INTEGRATION]) {
      const item = catalog.items.find((entry) => entry.name === name)!;
      expect(item.visibility).toBe("public");
      const icon = await serveIntegrationAsset(new Request(item.urls.icon!), name, "icon-0");
      expect([icon.status, icon.headers.get("content-type")]).toEqual([200, "image/png"]);
    }
  }
  // Nobody is a member of the owning organization: nobody can publish over a built-in.
  const republish = await apiClient(server.url, tenant.admin.token).post(`/v1/integrations/${WEBHOOK_INTEGRATION}`, {
    organization: SYSTEM_ORGANIZATION_ID,
    title: "Mine now",
    description: "x",
    scopes: [],
    script: "",
  });
  expect(republish.status).toBe(404);
});

describe("Webhook", () => {
  test("installed with a receiver's URL and a secret, a change reaches the receiver signed with that secret; a private URL is refused at once", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const installations = `/v1/integrations/${WEBHOOK_INTEGRATION}/installations`;
    const receiver = await new Receiver().start();
    try {
      const secret = "a-secret-of-our-own-choosing";
      const refused = await admin.post(installations, { organization: organizationId, configuration: { url: "http://10.0.0.8/hook", secret } });
      expect([refused.status, refused.body.error.details.property]).toEqual([400, "url"]);
      expect(refused.body.error.message).toMatch(/private or reserved address/);
      const short = await admin.post(installations, { organization: organizationId, configuration: { url: receiver.url, secret: "short" } });
      expect([short.status, short.body.error.details.property]).toEqual([400, "secret"]);

      const installed = await admin.post(installations, { organization: organizationId, space_selection: "all", configuration: { url: receiver.url, secret } });
      expect(installed.body).toMatchObject({ status: "active", space_selection: "all" });
      // The secret is stored sealed and never shown back.
      expect(installed.body.configuration).toEqual({ url: receiver.url });
      const stored = await db().integrationInstallation.findUniqueOrThrow({ where: { id: installed.body.id }, select: { configuration: true } });
      expect(JSON.stringify(stored)).not.toContain(secret);
      // Changing it later records the change without the secret (the audit log and the feed reach further).
      expect((await admin.patch(`${installations}/${installed.body.id}`, { configuration: { url: receiver.url, secret: `${secret}-2` } })).status).toBe(200);
      // A configuration sent without it (the form never shows it) keeps the stored secret, and the installation active.
      const kept = await admin.patch(`${installations}/${installed.body.id}`, { configuration: { url: receiver.url } });
      expect([kept.status, kept.body.status, kept.body.configuration]).toEqual([200, "active", { url: receiver.url }]);
      expect((await admin.get(`${installations}/${installed.body.id}`)).body.configuration).toEqual({ url: receiver.url });
      const recorded = await db().domainEvent.findMany({ where: { organizationId, action: "integration_installation.updated" }, select: { payload: true } });
      expect(JSON.stringify(recorded)).not.toContain(secret);
      expect(recorded[0]!.payload).toMatchObject({ previous: { configuration: { url: receiver.url } } });
      const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Handbook" })).body as { id: string };
      expect((await admin.patch(`/v1/spaces/${space.id}`, { visibility: "public" })).status).toBe(200);

      const received = await until("the visibility change at the receiver", () => receiver.received.find((r) => r.event.type === "space_visibility_updated"));
      expect(received.event).toMatchObject({ spaceId: space.id, visibility: "public", installationId: installed.body.id });
      expect(verifySignature(`${secret}-2`, received.headers["x-quire-signature"] as string, received.body)).toBe(true);
      // Not the built-in integration's own secret, which is shared by every installation.
      expect(verifySignature("whsec_wrong", received.headers["x-quire-signature"] as string, received.body)).toBe(false);
    } finally {
      await receiver.stop();
    }
  });
});

describe("Custom script", () => {
  test("installed on a site, its pages carry the snippet and a CSP allowing exactly it; another site's pages do not", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const installations = `/v1/integrations/${CUSTOM_SCRIPT_INTEGRATION}/installations`;
    const { space } = await spaceWithPages(organizationId, "Docs", [{ title: "Welcome", slug: "welcome" }]);
    const [withScript, without] = [await publishedSite(organizationId), await publishedSite(organizationId)];
    for (const site of [withScript, without]) await addSiteSpace(site.id, { spaceId: space.id, path: "", isDefault: true, position: 0 });
    // Read once before installing: the site's cached model must not outlive the installation.
    expect((await visit(`/${withScript.basename}`)).text).not.toContain("plausible");

    const installation = (await admin.post(installations, { organization: organizationId })).body as { id: string; status: string };
    expect(installation.status).toBe("active");
    const sites = `${installations}/${installation.id}/sites`;
    expect((await admin.post(sites, { siteId: withScript.id })).body.status).toBe("pending");
    const refused = await admin.patch(`${sites}/${withScript.id}`, { configuration: { snippet: "<img src=x onerror=alert(1)>" } });
    expect([refused.status, refused.body.error.details.property]).toEqual([400, "snippet"]);
    const inline = "window.counted = (window.counted || 0) + 1;";
    const snippet = `<script defer src="https://plausible.example/js/script.js"></script>\n<script>${inline}</script>`;
    expect((await admin.patch(`${sites}/${withScript.id}`, { configuration: { snippet, placement: "body" } })).body.status).toBe("active");

    const page = await until("the snippet on the page", async () => {
      const answer = await visit(`/${withScript.basename}`);
      return answer.text.includes("plausible.example") && answer;
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<script src="https://plausible.example/js/script.js" defer></script><script>${inline}</script></body>`);
    const csp = page.headers.get("content-security-policy")!;
    const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-[^']+' https://plausible\\.example ${hash.replace(/[+/]/g, "\\$&")}`));
    expect(csp).toContain("connect-src 'self' https://plausible.example");

    const other = await visit(`/${without.basename}`);
    expect(other.status).toBe(200);
    expect(other.text).not.toContain("plausible");
    expect(other.headers.get("content-security-policy")).not.toContain("plausible");
    expect(other.headers.get("content-security-policy")).not.toContain(hash);

    // Uninstalling it from the organization takes it off the site's pages (and their CSP).
    expect((await admin.delete(`${installations}/${installation.id}`)).status).toBe(204);
    const after = await until("the snippet gone", async () => {
      const answer = await visit(`/${withScript.basename}`);
      return !answer.text.includes("plausible") && answer;
    });
    expect(after.headers.get("content-security-policy")).not.toContain("plausible");
  });
});
