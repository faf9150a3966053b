import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { apiClient, startApiServer } from "../helpers/server";
import { addSiteSpace, cookiesOf, createTenant, inAnHour, ok, publishedSite, signToken, spaceWithPages, visit } from "./serve-fixtures";

/** The visitor gate of served sites: each visibility, share links and visitor tokens, and the headers every answer carries. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function siteOf(visibility: string, extra: { visitorAuthFallbackUrl?: string } = {}) {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const { space } = await spaceWithPages(organizationId, "Guides", [
    { title: "Welcome", slug: "welcome", markdown: "Welcome aboard, reader.\n" },
    { title: "Install", slug: "install", markdown: "Run the installer.\n" },
  ]);
  const site = await publishedSite(organizationId, { visibility, ...extra });
  await addSiteSpace(site.id, { spaceId: space.id, path: "guides", isDefault: true, position: 0 });
  const admin = apiClient(server.url, tenant.admin.token);
  return { tenant, organizationId, site, space, admin, base: `/v1/orgs/${organizationId}/sites/${site.id}` };
}

describe("public and unlisted sites", () => {
  test("a public page is served with security headers, revalidation, an ETag, compression and 304", async () => {
    const { site } = await siteOf("public");
    const home = await visit(`/${site.basename}`);
    expect(home.status).toBe(200);
    expect(home.text).toContain("Welcome aboard, reader.");
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(home.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(home.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(home.headers.get("x-frame-options")).toBe("DENY");
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const etag = home.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);

    const again = await visit(`/${site.basename}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const compressed = await visit(`/${site.basename}/install`, { headers: { "accept-encoding": "gzip, br" } });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    const head = await visit(`/${site.basename}/install`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  test("unlisted sites are open too; unknown, unpublished and malformed basenames are 404 pages", async () => {
    const { site, organizationId } = await siteOf("unlisted");
    expect((await visit(`/${site.basename}/install`)).status).toBe(200);
    // Any unknown top-level path reaches the site route: it answers as the app's not-found page does.
    const unknown = await visit(`/no-such-site-${site.id.toLowerCase()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("<h1>Nothing here</h1>");
    // Light or dark as the app's own pages: the theme script (allowed by its hash) follows the stored choice or the system.
    expect(unknown.text).toContain('<html lang="en" data-theme="system" data-theme-toggle>');
    expect(unknown.text).toContain('<a href="/">Back to Quire</a>');
    const { space } = await spaceWithPages(organizationId, "Draft", [{ title: "Soon", slug: "soon" }]);
    const draft = await publishedSite(organizationId, { published: false });
    await addSiteSpace(draft.id, { spaceId: space.id, path: "draft", isDefault: true, position: 0 });
    const unpublished = await visit(`/${draft.basename}`);
    expect(unpublished.status).toBe(404);
    expect(unpublished.text).not.toContain("Soon");
    expect((await visit(`/${site.basename}/%E0%A4%A`)).status).toBe(404);
  });

  test("only GET and HEAD reach pages", async () => {
    const { site } = await siteOf("public");
    const posted = await visit(`/${site.basename}/install`, { method: "POST", body: "x" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("share-link sites", () => {
  test("a valid key becomes an httpOnly cookie on the site's path and a clean URL; the cookie opens the site privately", async () => {
    const { site, admin, base } = await siteOf("share-link");
    expect((await visit(`/${site.basename}/install`)).status).toBe(404);
    const link = ok(await admin.post(`${base}/share-links`, { name: "Partners" }), 201);
    const key = new URL(link.urls.published).searchParams.get("share")!;

    const entered = await visit(`/${site.basename}/install?share=${key}&tab=2`);
    expect(entered.status).toBe(302);
    expect(entered.location).toBe(`/${site.basename}/install?tab=2`);
    const setCookie = entered.headers.get("set-cookie")!;
    expect(setCookie).toContain(`quire_share_${site.id}=${key}`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toContain(`Path=/${site.basename}`);
    expect(entered.headers.get("cache-control")).toBe("private, no-store");

    const cookies = cookiesOf(entered.headers);
    const page = await visit(`/${site.basename}/install`, { cookies });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Run the installer.");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    // The gate comes before every path of the site, its files included.
    expect((await visit(`/${site.basename}/~/files/${site.id}/nothing`)).status).toBe(404);
  });

  test("revoking or expiring a link closes the site at once to whoever holds its cookie; unknown keys are 404", async () => {
    const { site, admin, base } = await siteOf("share-link");
    const link = ok(await admin.post(`${base}/share-links`, { name: "Partners" }), 201);
    const key = new URL(link.urls.published).searchParams.get("share")!;
    const cookies = cookiesOf((await visit(`/${site.basename}?share=${key}`)).headers);
    expect((await visit(`/${site.basename}/install`, { cookies })).status).toBe(200);

    ok(await admin.patch(`${base}/share-links/${link.id}`, { active: false }));
    const revoked = await visit(`/${site.basename}/install`, { cookies });
    expect(revoked.status).toBe(404);
    expect(revoked.text).not.toContain("Run the installer.");

    const other = ok(await admin.post(`${base}/share-links`, { name: "Short" }), 201);
    const otherKey = new URL(other.urls.published).searchParams.get("share")!;
    const held = cookiesOf((await visit(`/${site.basename}?share=${otherKey}`)).headers);
    expect((await visit(`/${site.basename}/install`, { cookies: held })).status).toBe(200);
    await db().siteShareLink.update({ where: { id: other.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await visit(`/${site.basename}/install`, { cookies: held })).status).toBe(404);

    expect((await visit(`/${site.basename}/install?share=not-a-key`)).status).toBe(404);
    // Without a valid key the answer is that of an address where no site is, byte for byte: the site's existence and name stay secret.
    const missing = await visit(`/no-site-${site.basename}/install`);
    for (const turnedAway of [revoked, await visit(`/${site.basename}`), await visit(`/${site.basename}/install?share=not-a-key`)]) {
      expect({ status: turnedAway.status, text: turnedAway.text, headers: [...turnedAway.headers] }).toEqual({ status: missing.status, text: missing.text, headers: [...missing.headers] });
    }
    expect(missing.text).not.toContain(site.title);
    // Extra slashes never turn the clean URL into another host's.
    const slashed = await visit(`/${site.basename}//evil.example/x?share=${otherKey}`);
    expect(slashed.status).toBe(404);
    await db().siteShareLink.update({ where: { id: other.id }, data: { expiresAt: null } });
    expect((await visit(`/${site.basename}//evil.example/x?share=${otherKey}`)).location).toBe(`/${site.basename}/evil.example/x`);
  });
});

describe("visitor-auth sites", () => {
  async function authSite(fallback: string | null = "https://login.example.test/signin") {
    const setup = await siteOf("visitor-auth", fallback ? { visitorAuthFallbackUrl: fallback } : {});
    const key = ok(await setup.admin.get(`${setup.base}/publishing/auth`)).privateKey as string;
    return { ...setup, key };
  }

  test("a valid jwt_token becomes a cookie and a clean URL; the cookie's token is checked on every request", async () => {
    const { site, key } = await authSite();
    const token = signToken(key, { exp: inAnHour(), aud: site.id });
    const entered = await visit(`/${site.basename}/install?jwt_token=${token}`);
    expect(entered.status).toBe(302);
    expect(entered.location).toBe(`/${site.basename}/install`);
    expect(entered.headers.get("set-cookie")).toMatch(new RegExp(`^quire_visitor_${site.id}=.*HttpOnly; SameSite=Lax`));
    const cookies = cookiesOf(entered.headers);
    const page = await visit(`/${site.basename}/install`, { cookies });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Run the installer.");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });

  test("without a token, or with one expired, badly signed or for another site, the visitor goes to the login URL with where they were going", async () => {
    const { site, key } = await authSite();
    const loginOf = (location: string | null) => {
      const url = new URL(location!);
      return { at: `${url.origin}${url.pathname}`, location: url.searchParams.get("location") };
    };
    const bare = await visit(`/${site.basename}/install?tab=2`);
    expect(bare.status).toBe(302);
    expect(loginOf(bare.location)).toEqual({ at: "https://login.example.test/signin", location: "/install?tab=2" });

    const expired = signToken(key, { exp: Math.floor(Date.now() / 1000) - 3600 });
    const badlySigned = signToken("another key entirely", { exp: inAnHour() });
    const otherSite = signToken(key, { exp: inAnHour(), aud: "some-other-site" });
    for (const token of [expired, badlySigned, otherSite]) {
      const answer = await visit(`/${site.basename}/install?jwt_token=${token}`);
      expect(answer.status).toBe(302);
      expect(loginOf(answer.location).at).toBe("https://login.example.test/signin");
      expect(answer.text).not.toContain("Run the installer.");
      // Kept in a cookie somehow, it is refused the same way.
      const asCookie = await visit(`/${site.basename}/install`, { cookies: [`quire_visitor_${site.id}=${token}`] });
      expect(asCookie.status).toBe(302);
    }
  });

  test("a site without a login URL answers 401", async () => {
    const { site } = await authSite(null);
    const answer = await visit(`/${site.basename}/install`);
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain("Run the installer.");
  });
});
