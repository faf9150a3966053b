import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { siteCache } from "../../server/sites/serve/cache";
import { serveSite } from "../../server/sites/serve/handler";
import { routeSiteHost } from "../../server/sites/serve/site-hosts";
import { addSiteSpace, createTenant, publishedSite, spaceWithPages, visit } from "./serve-fixtures";

/** Custom hostnames and proxy paths: the app server routes them to the site's route with the address the visitor used (site-hosts.ts). */

async function hostedSite(fields: { hostname?: string; proxy?: string }) {
  const tenant = await createTenant();
  const { space } = await spaceWithPages(tenant.organization.id, "Guides", [
    { title: "Welcome", slug: "welcome", markdown: "Hosted welcome.\n" },
    { title: "Install", slug: "install", markdown: "Hosted install.\n" },
  ]);
  const site = await publishedSite(tenant.organization.id);
  await addSiteSpace(site.id, { spaceId: space.id, path: "guides", isDefault: true, position: 0 });
  // Written directly: the directory learns of it when told, as after a real update.
  const updated = await db().site.update({ where: { id: site.id }, data: fields });
  siteCache().invalidateSite(site.id);
  return updated;
}

/** What the app server routed a request to: the path (and query) it rewrote to and the address header, or null for no rewrite. */
async function throughAppServer(url: string, headers: Record<string, string> = {}) {
  const parsed = new URL(url);
  const req = { url: parsed.pathname + parsed.search, headers: { ...headers }, socket: { encrypted: parsed.protocol === "https:" } };
  await routeSiteHost(req);
  const rewritten = req.url !== parsed.pathname + parsed.search;
  const address = (req.headers as Record<string, string | undefined>)["x-quire-site-address"] ?? null;
  return { rewrite: rewritten ? req.url : null, address };
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe("custom hostnames", () => {
  test("a request to the site's hostname is rewritten to its route, which serves it with links under the host's root", async () => {
    const hostname = `docs-${unique()}.example.test`;
    const site = await hostedSite({ hostname });
    const routed = await throughAppServer(`http://${hostname}/install?tab=2`, { host: hostname });
    expect(routed).toMatchObject({ rewrite: `/${site.basename}/install?tab=2`, address: `http://${hostname}` });
    expect((await throughAppServer(`http://${hostname}/`, { host: `${hostname.toUpperCase()}:8080` })).rewrite).toBe(`/${site.basename}`);

    // The route as Next calls it after the rewrite: the request keeps the visitor's URL, the routed path comes apart.
    const routedPage = await serveSite(new Request(`http://${hostname}/install`, { headers: { "x-quire-site-address": `http://${hostname}` } }), `/${site.basename}/install`);
    expect(routedPage.status).toBe(200);
    expect(await routedPage.text()).toContain("Hosted install.");
    const page = await visit(`/${site.basename}/install/`, { headers: { "x-quire-site-address": `https://${hostname}` } });
    expect(page).toMatchObject({ status: 301, location: "/install" });
    const home = await visit(`/${site.basename}/welcome`, { headers: { "x-quire-site-address": `https://${hostname}` } });
    expect(home).toMatchObject({ status: 301, location: "/" });
  });

  test("a proxy path is rewritten only under its prefix, with the prefix as the site's base path", async () => {
    const host = `www-${unique()}.example.test`;
    const site = await hostedSite({ proxy: `${host}/help` });
    expect(await throughAppServer(`https://${host}/help/install`, { host })).toMatchObject({ rewrite: `/${site.basename}/install`, address: `https://${host}/help` });
    expect((await throughAppServer(`https://${host}/help`, { host })).rewrite).toBe(`/${site.basename}`);
    expect((await throughAppServer(`https://${host}/helpdesk`, { host })).rewrite).toBeNull();
    // A reverse proxy in front names the visitor's host in X-Forwarded-Host.
    const forwarded = await throughAppServer(`http://quire.test/help/install`, { host: "quire.test", "x-forwarded-host": host, "x-forwarded-proto": "https" });
    expect(forwarded).toMatchObject({ rewrite: `/${site.basename}/install`, address: `https://${host}/help` });
    const page = await visit(`/${site.basename}/install/`, { headers: { "x-quire-site-address": `https://${host}/help` } });
    expect(page).toMatchObject({ status: 301, location: "/help/install" });
  });

  test("any x-quire-site-address a client sends is deleted; other hosts pass through untouched", async () => {
    const hostname = `docs-${unique()}.example.test`;
    const site = await hostedSite({ hostname });
    const forged = await throughAppServer(`http://quire.test/${site.basename}/install`, { host: "quire.test", "x-quire-site-address": "https://evil.example" });
    expect(forged.rewrite).toBeNull();
    expect(forged.address).toBeNull();
    // And on a site's host, ours replaces theirs.
    const replaced = await throughAppServer(`http://${hostname}/install`, { host: hostname, "x-quire-site-address": "https://evil.example" });
    expect(replaced.address).toBe(`http://${hostname}`);
    // A custom hostname is the Host itself: X-Forwarded-Host (anyone may send it) does not reach it.
    expect((await throughAppServer("http://quire.test/install", { host: "quire.test", "x-forwarded-host": hostname })).rewrite).toBeNull();
    expect(await throughAppServer("http://quire.test/o/123", { host: "quire.test" })).toEqual({ rewrite: null, address: null });
  });

  test("an unpublished site's hostname is not rewritten", async () => {
    const hostname = `docs-${unique()}.example.test`;
    const site = await hostedSite({ hostname });
    await db().site.update({ where: { id: site.id }, data: { published: false } });
    siteCache().invalidateSite(site.id);
    expect((await throughAppServer(`http://${hostname}/install`, { host: hostname })).rewrite).toBeNull();
  });
});
