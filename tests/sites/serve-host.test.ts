import { NextRequest } from "next/server";
import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { siteCache } from "../../server/sites/serve/cache";
import { serveSite } from "../../server/sites/serve/handler";
import { proxy } from "../../proxy";
import { addSiteSpace, createTenant, publishedSite, spaceWithPages, visit } from "./serve-fixtures";

/** Custom hostnames and proxy paths: proxy.ts rewrites them to the site's route with the address the visitor used. */

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

/** What the proxy answered: the path it rewrote to and the address header it set, or null for no rewrite. */
async function throughProxy(url: string, headers: Record<string, string> = {}) {
  const response = await proxy(new NextRequest(url, { headers }));
  const rewrite = response.headers.get("x-middleware-rewrite");
  const address = response.headers.get("x-middleware-request-x-quire-site-address");
  const overridden = (response.headers.get("x-middleware-override-headers") ?? "").split(",");
  return { rewrite: rewrite ? new URL(rewrite).pathname + new URL(rewrite).search : null, address, overridden };
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe("custom hostnames", () => {
  test("a request to the site's hostname is rewritten to its route, which serves it with links under the host's root", async () => {
    const hostname = `docs-${unique()}.example.test`;
    const site = await hostedSite({ hostname });
    const routed = await throughProxy(`http://${hostname}/install?tab=2`, { host: hostname });
    expect(routed).toMatchObject({ rewrite: `/${site.basename}/install?tab=2`, address: `http://${hostname}` });
    expect((await throughProxy(`http://${hostname}/`, { host: `${hostname.toUpperCase()}:8080` })).rewrite).toBe(`/${site.basename}`);

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
    expect(await throughProxy(`https://${host}/help/install`, { host })).toMatchObject({ rewrite: `/${site.basename}/install`, address: `https://${host}/help` });
    expect((await throughProxy(`https://${host}/help`, { host })).rewrite).toBe(`/${site.basename}`);
    expect((await throughProxy(`https://${host}/helpdesk`, { host })).rewrite).toBeNull();
    const page = await visit(`/${site.basename}/install/`, { headers: { "x-quire-site-address": `https://${host}/help` } });
    expect(page).toMatchObject({ status: 301, location: "/help/install" });
  });

  test("any x-quire-site-address a client sends is deleted; other hosts pass through untouched", async () => {
    const hostname = `docs-${unique()}.example.test`;
    const site = await hostedSite({ hostname });
    const forged = await throughProxy(`http://quire.test/${site.basename}/install`, { host: "quire.test", "x-quire-site-address": "https://evil.example" });
    expect(forged.rewrite).toBeNull();
    expect(forged.address).toBeNull();
    expect(forged.overridden).not.toContain("x-quire-site-address");
    // And on a site's host, ours replaces theirs.
    const replaced = await throughProxy(`http://${hostname}/install`, { host: hostname, "x-quire-site-address": "https://evil.example" });
    expect(replaced.address).toBe(`http://${hostname}`);
    const plain = await proxy(new NextRequest("http://quire.test/o/123", { headers: { host: "quire.test" } }));
    expect(plain.headers.get("x-middleware-next")).toBe("1");
    expect(plain.headers.get("x-middleware-override-headers")).toBeNull();
  });

  test("an unpublished site's hostname is not rewritten", async () => {
    const hostname = `docs-${unique()}.example.test`;
    const site = await hostedSite({ hostname });
    await db().site.update({ where: { id: site.id }, data: { published: false } });
    siteCache().invalidateSite(site.id);
    expect((await throughProxy(`http://${hostname}/install`, { host: hostname })).rewrite).toBeNull();
  });
});
