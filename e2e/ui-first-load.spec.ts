import { expect, test, type Page, type Request } from "@playwright/test";
import { adminApiToken, createSpaceOverApi, publishThroughApi, sidebar, uniqueSuffix, v1 } from "./helpers";

/**
 * Admin pages answer at once: the server renders a page with its data (the browser asks nothing
 * more to show it, and hydrates without a warning), and links prefetch on intent, not on sight.
 */

test.use({ viewport: { width: 1280, height: 800 } });

const isPrefetch = (request: Request) => request.headers()["next-router-prefetch"] === "1";

/** React's complaints about hydration: by name, or in production by their error numbers (418–425). */
const HYDRATION = /hydrat|react\.dev\/errors\/4(1[89]|2[0-5])\b|Minified React error #4(1[89]|2[0-5])\b/i;

function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && HYDRATION.test(message.text())) warnings.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (HYDRATION.test(error.message)) warnings.push(error.message);
  });
  return warnings;
}

test("the reader's page arrives with its content, the page tree and the space's header, and the browser asks nothing more to show them", async ({ page }) => {
  const suffix = uniqueSuffix();
  const { spaceId, spacePath } = await createSpaceOverApi(page.request, `First load ${suffix}`, `Handbook ${suffix}`);
  const [welcome] = await publishThroughApi(page.request, adminApiToken(), spaceId, "Pages", [
    { operation: "insert_page", title: "Welcome", document: { markdown: `Everything about ${suffix}.` } },
    { operation: "insert_page", title: "Install", document: { markdown: "Run the installer." } },
  ]);

  // The first response: the page, its tree and the space's title are in the HTML itself.
  const html = await (await page.request.get(`${spacePath}/p/${welcome}`)).text();
  expect(html).toContain(`Everything about ${suffix}.`);
  expect(html).toContain(`Handbook ${suffix}`);
  expect(html).toContain(">Install<");

  // The space's address without a page: the server sends the browser to the first page at once.
  const warnings = hydrationWarnings(page);
  // Each procedure the browser asks for, with its input (the page's document, asked for blocks' keys, is not the page shown).
  const procedures: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/trpc/")) return;
    const inputs = JSON.parse(url.searchParams.get("input") ?? "{}") as Record<string, { json?: { format?: string } }>;
    url.pathname
      .slice("/api/trpc/".length)
      .split(",")
      .forEach((procedure, index) => procedures.push(inputs[index]?.json?.format === "document" ? `${procedure} (document)` : procedure));
  });
  // The top bar's own query is asked for as the page mounts, in the same batch as any query the page lacked.
  const mounted = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/trpc/") && response.url().includes("organizations.me"));
  await page.goto(`${spacePath}/content`);
  // A new space begins with its Introduction.
  await expect(page).toHaveURL(new RegExp(`${spacePath}/p/[^/]+$`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
  await expect(main.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Install" })).toBeVisible();
  await expect(sidebar(page).getByRole("treeitem", { name: `Handbook ${suffix}` })).toBeVisible();
  await mounted;
  // Only what the page does not show at first may be asked for (the top bar's own, the visit's ping).
  const shownFirst = ["settings.getSpace", "settings.spacePages", "changeRequests.page", "changeRequests.files", "content.tree", "comments.list", "liveEdits.availability"];
  expect(procedures.filter((procedure) => shownFirst.includes(procedure))).toEqual([]);
  expect(warnings).toEqual([]);
});

test("the admin pages render on the server with their content and hydrate without a warning", async ({ page }) => {
  const suffix = uniqueSuffix();
  const token = adminApiToken();
  const { organizationId, spaceId, spacePath } = await createSpaceOverApi(page.request, `Hydration ${suffix}`, `Manual ${suffix}`);
  const [intro] = await publishThroughApi(page.request, token, spaceId, "Pages", [{ operation: "insert_page", title: "Intro", document: { markdown: "## Setup\n\nRun `setup`." } }]);
  const changeRequest = (await v1(page.request, token, "post", `/v1/spaces/${spaceId}/change-requests`, { subject: `Clearer intro ${suffix}` })) as { id: string; number: number };
  await v1(page.request, token, "post", `/v1/spaces/${spaceId}/change-requests/${changeRequest.id}/content?compat=false`, {
    changes: [{ operation: "update_page", page: intro, document: { markdown: "## Setup\n\nRun `setup --all`." } }],
  });
  const site = (await v1(page.request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: `Docs ${suffix}`, spaces: [spaceId] })) as { id: string };
  const o = `/o/${organizationId}`;
  const cr = `${spacePath}/change-requests/${changeRequest.number}`;
  // Each page, its heading, and what only its data shows (which the server's HTML must already hold).
  const pages: { path: string; heading: string; data?: string }[] = [
    { path: o, heading: `Hydration ${suffix}`, data: `Manual ${suffix}` },
    { path: `${spacePath}/p/${intro}`, heading: "Intro", data: "Setup" },
    { path: `${spacePath}/change-requests`, heading: "Change requests", data: `Clearer intro ${suffix}` },
    { path: cr, heading: `Clearer intro ${suffix}`, data: "Reviews" },
    { path: `${o}/people`, heading: "People" },
    { path: `${o}/sites`, heading: "Sites", data: `Docs ${suffix}` },
    { path: `${o}/sites/${site.id}`, heading: `Docs ${suffix}` },
    { path: `${o}/webhooks`, heading: "Webhooks" },
  ];
  const warnings = hydrationWarnings(page);
  for (const { path, heading, data } of pages) {
    if (data) expect(await (await page.request.get(path)).text(), path).toContain(data);
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
  }
  // The editor renders in the browser alone, from the answers its page brought (`?page=`: the page it opens on).
  await page.goto(`${cr}/edit?page=${intro}`);
  await expect(page.getByRole("main").locator(".ProseMirror")).toContainText("setup --all");
  expect(warnings).toEqual([]);
});

test("links prefetch when pointed at or focused, not when they come into view", async ({ page }) => {
  const suffix = uniqueSuffix();
  const { organizationId } = await createSpaceOverApi(page.request, `Prefetch ${suffix}`, `Guide ${suffix}`);
  const prefetches: string[] = [];
  page.on("request", (request) => {
    if (isPrefetch(request)) prefetches.push(new URL(request.url()).pathname);
  });
  await page.goto(`/o/${organizationId}`);
  await expect(sidebar(page).getByRole("treeitem", { name: `Guide ${suffix}` })).toBeVisible();

  // Pointed at, a link prefetches its page; by the time that answered, none of the links in view had.
  const sitesPath = `/o/${organizationId}/sites`;
  const pointed = page.waitForResponse((response) => isPrefetch(response.request()) && new URL(response.url()).pathname === sitesPath);
  await sidebar(page).getByRole("link", { name: "Sites" }).hover();
  await pointed;
  expect([...new Set(prefetches)]).toEqual([sitesPath]);

  const trash = sidebar(page).getByRole("link", { name: "Trash" });
  const focused = page.waitForRequest((request) => isPrefetch(request) && new URL(request.url()).pathname === `/o/${organizationId}/trash`);
  await trash.focus();
  await focused;
});
