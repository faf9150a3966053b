import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { adminApiToken, createOrganizationOverApi, joinThroughLinkInvite, publishThroughApi, signedOut, signInOverHttp, uniqueSuffix, v1 } from "./helpers";

/**
 * What an anonymous reader (or a stolen session) could make the production server do, each found by
 * a probe and reproduced over HTTP: a flood of page views amplified into deliveries, concurrent
 * feedback passing its limit, a share-link site naming itself to whoever asks, and password guesses
 * through the profile's password change.
 */

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

const api = async (request: APIRequestContext, method: "post" | "patch", path: string, data?: unknown) => {
  const response = await request[method](path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
};

/** A published site of a new organization over one space with one page; its page's ids for the beacon and the form. */
async function publishedSite(request: APIRequestContext, visibility: "public" | "share-link") {
  const suffix = uniqueSuffix();
  const organizationId = await createOrganizationOverApi(request, `Abuse ${suffix}`);
  const space = await api(request, "post", `/v1/orgs/${organizationId}/spaces`, { title: `Abuse ${suffix}` });
  const [pageId] = await publishThroughApi(request, token, space.id, "Page", [{ operation: "insert_page", title: "Welcome", document: { markdown: "Welcome." } }]);
  const site = await api(request, "post", `/v1/orgs/${organizationId}/sites`, { title: `Secret site ${suffix}`, visibility, spaces: [space.id] });
  const base = `/v1/orgs/${organizationId}/sites/${site.id}`;
  await api(request, "post", `${base}/publish`);
  const siteSpaces = await v1(request, token, "get", `${base}/site-spaces`);
  return { organizationId, site, path: `/${site.basename}`, siteSpaceId: siteSpaces.items[0].id as string, pageId: pageId! };
}

/** A webhook receiver on loopback (the test server's QUIRE_FETCH_ALLOWLIST lets deliveries reach it). */
async function receiver() {
  const received: { type: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(JSON.parse(body) as { type: string });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Sends `count` requests, `atOnce` at a time; their statuses. */
async function flood(count: number, atOnce: number, send: () => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += atOnce) statuses.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, count - sent) }, send))));
  return statuses;
}

/** The one-minute windows a span of time touches: limits are counted per minute. */
const minutesSpanned = (start: number, end: number) => Math.floor(end / 60_000) - Math.floor(start / 60_000) + 1;

test("300 page views, 20 at a time with no cookie: one address counts at most 120 a minute, and a subscriber gets one site_view", async ({ request }) => {
  const { organizationId, path, siteSpaceId, pageId } = await publishedSite(request, "public");
  const hook = await receiver();
  await api(request, "post", `/v1/orgs/${organizationId}/webhooks`, { url: hook.url, eventTypes: ["site_view"] });
  const anonymous = await playwrightRequest.newContext(signedOut);
  const started = Date.now();
  const statuses = await flood(300, 20, async () =>
    (await anonymous.post(`${path}/~/insights`, { headers: { "content-type": "text/plain" }, data: JSON.stringify({ type: "page_view", siteSpaceId, pageId }) })).status(),
  );
  const windows = minutesSpanned(started, Date.now());
  const counted = statuses.filter((status) => status === 204).length;
  expect(statuses.filter((status) => status !== 204 && status !== 429)).toEqual([]);
  expect(counted).toBeGreaterThanOrEqual(120);
  expect(counted).toBeLessThanOrEqual(120 * windows);
  // The webhook's one delivery arrives; the flood made no other.
  await expect.poll(() => hook.received.length).toBe(1);
  expect(hook.received[0]).toMatchObject({ type: "site_view", pageId });
  await anonymous.dispose();
  await hook.close();
});

test("150 answers to the feedback form, 30 at a time: the site takes 60 a minute, not more", async ({ request }) => {
  const { path, siteSpaceId, pageId } = await publishedSite(request, "public");
  const anonymous = await playwrightRequest.newContext(signedOut);
  const started = Date.now();
  const statuses = await flood(150, 30, async () =>
    (await anonymous.post(`${path}/~/feedback`, { headers: { accept: "application/json" }, data: { siteSpaceId, pageId, rating: "good" } })).status(),
  );
  const accepted = statuses.filter((status) => status === 201).length;
  expect(statuses.filter((status) => status !== 201 && status !== 429)).toEqual([]);
  expect(accepted).toBeGreaterThanOrEqual(60);
  expect(accepted).toBeLessThanOrEqual(60 * minutesSpanned(started, Date.now()));
  await anonymous.dispose();
});

test("without its key, a share-link site answers byte for byte as an address where no site is", async ({ request }) => {
  const { site, path } = await publishedSite(request, "share-link");
  const anonymous = await playwrightRequest.newContext(signedOut);
  const answer = async (address: string) => {
    const response = await anonymous.get(address, { maxRedirects: 0 });
    const { date: _date, ...headers } = response.headers();
    return { status: response.status(), headers, body: await response.text() };
  };
  const missing = await answer(`/no-site-${uniqueSuffix()}`);
  expect(missing.status).toBe(404);
  for (const address of [path, `${path}/welcome`, `${path}?share=not-the-key`]) expect(await answer(address)).toEqual(missing);
  expect(missing.body).not.toContain(site.title);
  await anonymous.dispose();
});

test("a session guessing its user's password through the password change is locked out after 5 wrong guesses", async ({ request }) => {
  const suffix = uniqueSuffix();
  const organizationId = await createOrganizationOverApi(request, `Guessing ${suffix}`);
  const person = { email: `guesser-${suffix}@example.com`, password: "the-right-password", displayName: "Guesser" };
  await joinThroughLinkInvite(request, organizationId, "read", person);
  const session = await playwrightRequest.newContext(signedOut);
  await signInOverHttp(session, person);
  const change = async (currentPassword: string) => {
    const response = await session.post("/api/trpc/profile.changePassword", { data: { json: { currentPassword, newPassword: "a-new-password-1" } } });
    return { status: response.status(), body: await response.text() };
  };
  const guesses = [];
  for (let guess = 1; guess <= 8; guess++) guesses.push((await change(`wrong-guess-${guess}`)).status);
  // Four wrong guesses are wrong (400); the fifth reaches the limit and locks; the rest are refused unread.
  expect(guesses).toEqual([400, 400, 400, 400, 403, 403, 403, 403]);
  const right = await change(person.password);
  expect(right.status).toBe(403);
  expect(right.body).toContain("Too many failed sign-ins");
  await session.dispose();
});
