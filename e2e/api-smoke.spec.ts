import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { adminApiToken } from "./helpers";

/**
 * The /v1 API of the production server, with a token obtained the way a user gets one: `npm run token`
 * (e2e/auth.setup.ts ran it once for the run; the first test runs it again and checks what it prints).
 */

const adminEmail = process.env.QUIRE_ADMIN_EMAIL!;
let headers: Record<string, string>;

test.beforeAll(() => {
  headers = { Authorization: `Bearer ${adminApiToken()}` };
});

test("npm run token prints a new token of the user, and nothing else; /v1 takes it", async ({ request }) => {
  // Same data folder as the web server, so the command uses its running database.
  const token = execFileSync("npm", ["run", "--silent", "token", "--", adminEmail], {
    encoding: "utf8",
    env: { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR },
  });
  expect(token).toMatch(/^qr_\S+\n$/);
  const response = await request.get("/v1/user", { headers: { Authorization: `Bearer ${token.trim()}` } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ object: "user", email: adminEmail });
});

test("the health check answers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});

test("GET /v1/user answers the token's user", async ({ request }) => {
  const response = await request.get("/v1/user", { headers });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ object: "user", email: adminEmail });
});

test("GET /v1/orgs lists the seeded organization, whose spaces are readable", async ({ request }) => {
  const orgs = await request.get("/v1/orgs", { headers });
  expect(orgs.status()).toBe(200);
  const demo = (await orgs.json()).items.find((org: { title: string }) => org.title === "Demo organization");
  expect(demo).toBeDefined();

  const spaces = await (await request.get(`/v1/orgs/${demo.id}/spaces`, { headers })).json();
  const titles = spaces.items.map((space: { title: string }) => space.title);
  expect(titles).toEqual(expect.arrayContaining(["Getting started", "API reference", "Team handbook"]));
  const space = await request.get(`/v1/spaces/${spaces.items[0].id}`, { headers });
  expect(space.status()).toBe(200);
  expect(await space.json()).toMatchObject({ object: "space", organization: demo.id });
});

test("the demo has people at work: members with different roles, the Writers team, and its edit access to one space", async ({ request }) => {
  const demo = (await (await request.get("/v1/orgs", { headers })).json()).items.find((org: { title: string }) => org.title === "Demo organization");
  const members = await (await request.get(`/v1/orgs/${demo.id}/members?limit=100`, { headers })).json();
  const roles = Object.fromEntries(members.items.map((member: { role: string | null; user: { displayName: string } }) => [member.user.displayName, member.role]));
  expect(roles).toMatchObject({ Admin: "admin", "Maya Chen": "edit", "Sam Ortiz": "read", "Lee Park": null });

  const teams = await (await request.get(`/v1/orgs/${demo.id}/teams`, { headers })).json();
  const writers = teams.items.find((team: { title: string }) => team.title === "Writers");
  expect(writers).toMatchObject({ members: 2 });
  const spaces = await (await request.get(`/v1/orgs/${demo.id}/spaces`, { headers })).json();
  const reference = spaces.items.find((space: { title: string }) => space.title === "API reference");
  const granted = await (await request.get(`/v1/spaces/${reference.id}/permissions/teams`, { headers })).json();
  expect(granted.items).toEqual([expect.objectContaining({ permission: "edit", team: expect.objectContaining({ id: writers.id }) })]);
  // The invite links the colleagues joined with are gone.
  expect((await (await request.get(`/v1/orgs/${demo.id}/link-invites`, { headers })).json()).items).toEqual([]);
});

test("errors use the JSON envelope: unknown path, missing token", async ({ request }) => {
  const unknown = await request.get("/v1/no-such-thing", { headers });
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()["content-type"]).toContain("application/json");
  expect(await unknown.json()).toEqual({ error: { code: 404, message: expect.any(String) } });

  const anonymous = await request.get("/v1/user");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: { code: 401, message: expect.any(String) } });
});

test("the production build runs its worker threads and jobs: a merged page is parsed, read as a document, and found by search", async ({ request }) => {
  const demo = (await (await request.get("/v1/orgs", { headers })).json()).items.find((org: { title: string }) => org.title === "Demo organization");
  const space = await (await request.post(`/v1/orgs/${demo.id}/spaces`, { headers, data: { title: "Smoke", empty: true } })).json();
  const changeRequest = await (await request.post(`/v1/spaces/${space.id}/change-requests`, { headers, data: { subject: "Smoke" } })).json();
  const base = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
  // The write extracts the page's links in the markdown worker; the merge's index job splits it into sections there too.
  const written = await request.post(`${base}/content`, {
    headers,
    data: { changes: [{ operation: "insert_page", title: "Quokka facts", document: { markdown: "## Habitat\n\nThe quokka lives on [Rottnest](https://example.com).\n" } }] },
  });
  expect(written.status()).toBe(200);
  expect((await request.post(`${base}/merge`, { headers })).status()).toBe(200);

  const [page] = (await (await request.get(`/v1/spaces/${space.id}/content/pages`, { headers })).json()).pages;
  const document = await request.get(`/v1/spaces/${space.id}/content/page/${page.id}?format=document`, { headers });
  expect(document.status()).toBe(200);
  expect(JSON.stringify(await document.json())).toContain("Rottnest");
  await expect
    .poll(async () => (await (await request.get(`/v1/spaces/${space.id}/search?query=quokka`, { headers })).json()).items.map((item: { title: string }) => item.title), { timeout: 20_000 })
    .toEqual(["Quokka facts"]);
});
