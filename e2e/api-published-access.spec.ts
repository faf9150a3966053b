import { createHmac } from "node:crypto";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminApiToken, publishThroughApi, uniqueSuffix, v1 } from "./helpers";

/**
 * Published sites through the production server: each visibility (a revoked share link, visitor
 * tokens expired, badly signed or for another site), two visitors with different claims, a custom
 * hostname reached by the Host header, and a merge showing on the next request.
 */

let token: string;
let organizationId: string;

test.beforeAll(async ({ request }) => {
  token = adminApiToken();
  const orgs = await v1(request, token, "get", "/v1/orgs");
  organizationId = orgs.items.find((org: { title: string }) => org.title === "Demo organization").id;
});

const api = (request: APIRequestContext, method: "get" | "post" | "patch" | "put", path: string, data?: unknown) =>
  request[method](path, { headers: { Authorization: `Bearer ${token}` }, data }).then(async (response) => {
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  });

/** A published site over one new space with a welcome and an install page; `adaptive` also adds a page for pro readers. */
async function publishedSite(request: APIRequestContext, visibility: string, options: { adaptive?: boolean } = {}) {
  const suffix = uniqueSuffix();
  const space = await api(request, "post", `/v1/orgs/${organizationId}/spaces`, { title: `Published ${suffix}` });
  await publishThroughApi(request, token, space.id, "Pages", [
    { operation: "insert_page", title: "Welcome", document: { markdown: `Welcome to ${suffix}.` } },
    { operation: "insert_page", title: "Install", document: { markdown: "Run the installer." } },
  ]);
  const site = await api(request, "post", `/v1/orgs/${organizationId}/sites`, { title: `Site ${suffix}`, visibility, spaces: [space.id] });
  const base = `/v1/orgs/${organizationId}/sites/${site.id}`;
  if (options.adaptive) {
    await api(request, "patch", base, { adaptiveContent: { enabled: true } });
    await api(request, "put", `${base}/adaptive-schema`, {
      jsonSchema: {
        type: "object",
        properties: {
          unsigned: {
            type: "object",
            description: "Unsigned claims of the site visitor.",
            properties: { plan: { type: "string", description: "Plan", enum: ["free", "pro"] } },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    });
    await publishThroughApi(request, token, space.id, "Pro page", [
      { operation: "insert_page", title: "Pro tips", condition: 'visitor.claims.unsigned.plan === "pro"', document: { markdown: "Tips for pro plans." } },
    ]);
  }
  await api(request, "post", `${base}/publish`);
  return { site, space, base, path: `/${site.basename}`, suffix };
}

const noRedirect = { maxRedirects: 0 };

test("a public site is served at its basename with security headers; unlisted too; an unpublished one is 404", async ({ request }) => {
  const { path, suffix, base } = await publishedSite(request, "public");
  const home = await request.get(`${path}/welcome`);
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain(`Welcome to ${suffix}.`);
  expect(home.headers()["cache-control"]).toBe("no-cache");
  expect(home.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(home.headers()["etag"]).toBeTruthy();
  expect((await request.get(`${path}/install`)).status()).toBe(200);

  await api(request, "patch", base, { visibility: "unlisted" });
  await expect.poll(async () => (await request.get(`${path}/install`)).status()).toBe(200);
  await api(request, "post", `${base}/unpublish`);
  await expect.poll(async () => (await request.get(`${path}/install`)).status()).toBe(404);
});

test("a share link opens its site through a cookie until it is revoked", async ({ playwright, request }) => {
  const { path, base } = await publishedSite(request, "share-link");
  expect((await request.get(`${path}/install`)).status()).toBe(404);
  const link = await api(request, "post", `${base}/share-links`, { name: "Partners" });
  const key = new URL(link.urls.published).searchParams.get("share");

  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const entered = await visitor.get(`${path}/install?share=${key}`, noRedirect);
  expect(entered.status()).toBe(302);
  expect(entered.headers()["location"]).toBe(`${path}/install`);
  const page = await visitor.get(`${path}/install`);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("Run the installer.");
  expect(page.headers()["cache-control"]).toBe("private, no-store");

  await api(request, "patch", `${base}/share-links/${link.id}`, { active: false });
  expect((await visitor.get(`${path}/install`)).status()).toBe(404);
  await visitor.dispose();
});

test("visitor auth: a valid token is kept in a cookie; expired, badly signed or another site's tokens go to the login URL", async ({ playwright, request }) => {
  const { path, base, site } = await publishedSite(request, "visitor-auth");
  const auth = await api(request, "patch", `${base}/publishing/auth`, { fallbackURL: "https://login.example.test/signin" });
  const key = auth.privateKey as string;
  const sign = (claims: object, secret = key) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const body = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
    return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
  };
  const hour = Math.floor(Date.now() / 1000) + 3600;

  const bare = await request.get(`${path}/install`, noRedirect);
  expect(bare.status()).toBe(302);
  const login = new URL(bare.headers()["location"]!);
  expect(`${login.origin}${login.pathname}`).toBe("https://login.example.test/signin");
  expect(login.searchParams.get("location")).toBe("/install");

  for (const bad of [sign({ exp: hour - 7200 }), sign({ exp: hour }, "not the key"), sign({ exp: hour, aud: "another-site" })]) {
    const answer = await request.get(`${path}/install?jwt_token=${bad}`, noRedirect);
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toContain("https://login.example.test/signin");
  }

  const reader = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const entered = await reader.get(`${path}/install?jwt_token=${sign({ exp: hour, aud: site.id })}`, noRedirect);
  expect(entered.status()).toBe(302);
  const page = await reader.get(`${path}/install`, noRedirect);
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("Run the installer.");
  await reader.dispose();
});

test("two visitors with different claims see different pages", async ({ playwright, request }) => {
  const { path } = await publishedSite(request, "public", { adaptive: true });
  const baseURL = test.info().project.use.baseURL;
  const pro = await playwright.request.newContext({ baseURL });
  const free = await playwright.request.newContext({ baseURL });
  expect((await pro.get(`${path}?visitor.plan=pro`, noRedirect)).status()).toBe(302);
  expect((await free.get(`${path}?visitor.plan=free`, noRedirect)).status()).toBe(302);
  const proPage = await pro.get(`${path}/pro-tips`);
  expect(proPage.status()).toBe(200);
  expect(await proPage.text()).toContain("Tips for pro plans.");
  expect((await free.get(`${path}/pro-tips`)).status()).toBe(404);
  expect(await (await free.get(path)).text()).not.toContain("Pro tips");
  await Promise.all([pro.dispose(), free.dispose()]);
});

/** A GET to the server with another Host header (Playwright's request context sends its own). */
function getWithHost(path: string, host: string): Promise<{ status: number; text: string }> {
  const server = new URL(test.info().project.use.baseURL!);
  return new Promise((resolve, reject) => {
    http
      .get({ host: server.hostname, port: server.port, path, headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString("utf8") }));
      })
      .on("error", reject);
  });
}

test("a custom hostname is served by the Host header", async ({ request }) => {
  const { base, suffix } = await publishedSite(request, "public");
  const hostname = `docs-${suffix}.example.test`.toLowerCase();
  await api(request, "patch", base, { hostname });
  await expect.poll(async () => (await getWithHost("/install", hostname)).status).toBe(200);
  expect((await getWithHost("/install", hostname)).text).toContain("Run the installer.");
  // The whole host is the site's: its root is the site's home (a new space's first page), not the app's.
  const root = await getWithHost("/", hostname);
  expect(root.status).toBe(200);
  expect(root.text).toContain(`href="/welcome"`);
  expect((await getWithHost("/welcome", hostname)).text).toContain(`Welcome to ${suffix}.`);
});

test("a merge into a space the site shows is served on the next request", async ({ request }) => {
  const { path, space } = await publishedSite(request, "public");
  expect(await (await request.get(`${path}/install`)).text()).toContain("Run the installer.");
  const pages = await api(request, "get", `/v1/spaces/${space.id}/content`);
  const install = pages.pages.find((page: { title: string }) => page.title === "Install");
  await publishThroughApi(request, token, space.id, "Edit", [{ operation: "update_page", page: install.id, document: { markdown: "Run the new installer." } }]);
  await expect.poll(async () => await (await request.get(`${path}/install`)).text()).toContain("Run the new installer.");
});
