import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createSpace, screenshot, seededAdmin, signIn, uniqueSuffix } from "./helpers";

/**
 * Every admin screen, in the light and the dark theme, has no serious or critical axe-core
 * violation (WCAG 2 A and AA). A few screens are saved as screenshots in dark, to be looked at.
 * To cover a new screen, add one line to `screens`.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const env = { ...process.env, QUIRE_DATA_DIR: process.env.QUIRE_E2E_DATA_DIR };
const cliToken = () => execFileSync("npm", ["run", "--silent", "token", "--", seededAdmin.email], { encoding: "utf8", env }).trim();

/** The data the screens show: an organization with a collection, a space with a merged and a draft change request. */
type World = { org: string; space: string; collection: string; page: string; merged: number; draft: number; conflicted: number };

const CHECKLIST = `Before you publish:

- [x] Write the introduction
- [ ] Ask for a review

{% hint style="warning" %}
Merged text is what readers see.
{% endhint %}

\`\`\`ts
const published = false; // not yet
\`\`\`

| Step | Who |
| --- | --- |
| Write | Editor |
`;

/** `open` brings up what the screen is about once its page has loaded (a dialog, a view behind a button). */
type Screen = { name: string; path: (world: World) => string; signedOut?: boolean; shot?: boolean; open?: (page: Page) => Promise<void> };

const screens: Screen[] = [
  { name: "organization home", path: (w) => `/o/${w.org}`, shot: true },
  { name: "collection", path: (w) => `/o/${w.org}/c/${w.collection}` },
  { name: "space settings", path: (w) => `/o/${w.org}/s/${w.space}` },
  { name: "space reader", path: (w) => `/o/${w.org}/s/${w.space}/content` },
  { name: "page", path: (w) => `/o/${w.org}/s/${w.space}/p/${w.page}`, shot: true },
  { name: "change request list", path: (w) => `/o/${w.org}/s/${w.space}/change-requests?status=merged` },
  { name: "change request review", path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.merged}`, shot: true },
  { name: "draft change request review", path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.draft}` },
  {
    name: "conflict resolution",
    path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.conflicted}`,
    shot: true,
    open: async (page) => {
      await page.getByRole("button", { name: "Merge", exact: true }).click();
      await page.getByRole("button", { name: "Resolve the conflicts" }).click();
      await expect(page.getByRole("region", { name: "Resolve the conflicts with the space's content" })).toBeVisible();
    },
  },
  {
    name: "discussion panel",
    path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.draft}`,
    shot: true,
    open: async (page) => {
      await page.getByRole("button", { name: /^Comments/ }).click();
      await expect(page.getByRole("complementary", { name: "Comments" }).getByText("No open comments on this change request.")).toBeVisible();
    },
  },
  { name: "editor", path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.draft}/edit?page=${w.page}`, shot: true },
  { name: "history", path: (w) => `/o/${w.org}/s/${w.space}/history` },
  {
    name: "search palette",
    path: (w) => `/o/${w.org}`,
    shot: true,
    open: async (page) => {
      await page.keyboard.press("Control+K");
      const palette = page.getByRole("dialog", { name: "Search everywhere" });
      await palette.getByRole("combobox").fill("review");
      await expect(palette.getByRole("option").first()).toBeVisible();
    },
  },
  { name: "trash", path: (w) => `/o/${w.org}/trash` },
  { name: "integrations catalog", path: (w) => `/o/${w.org}/integrations` },
  { name: "space integrations", path: (w) => `/o/${w.org}/s/${w.space}/integrations` },
  { name: "webhooks (none yet)", path: (w) => `/o/${w.org}/webhooks` },
  { name: "people: members", path: (w) => `/o/${w.org}/people`, shot: true },
  { name: "people: invites", path: (w) => `/o/${w.org}/people/invites` },
  { name: "people: teams", path: (w) => `/o/${w.org}/people/teams` },
  { name: "people: single sign-on", path: (w) => `/o/${w.org}/people/sso` },
  { name: "people: audit log", path: (w) => `/o/${w.org}/people/audit` },
  { name: "settings: profile", path: () => "/settings/profile" },
  { name: "settings: API tokens", path: () => "/settings/tokens", shot: true },
  { name: "not found (signed in)", path: (w) => `/o/${w.org}/s/no-such-space` },
  { name: "not found (unknown address)", path: () => "/no-such-address" },
  { name: "sign in", path: () => "/login", signedOut: true, shot: true },
];

/** Builds the world through the UI (organization, space) and the /v1 API (content, change requests). */
async function buildWorld(page: Page, request: APIRequestContext): Promise<World> {
  await signIn(page);
  const spacePath = await createSpace(page, `Screens ${uniqueSuffix()}`, "Handbook");
  const [, , org, , space] = spacePath.split("/") as [string, string, string, string, string];
  const headers = { Authorization: `Bearer ${cliToken()}` };
  const post = async (path: string, data?: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const collection = await post(`/v1/orgs/${org}/collections`, { title: "Guides" });
  const merged = await post(`/v1/spaces/${space}/change-requests`, { subject: "Add the checklist" });
  await post(`/v1/spaces/${space}/change-requests/${merged.id}/content`, {
    changes: [{ operation: "insert_page", title: "Checklist", document: { markdown: CHECKLIST } }],
  });
  await post(`/v1/spaces/${space}/change-requests/${merged.id}/merge`);
  type PageEntry = { id: string; title: string; pages?: PageEntry[] };
  const all = (entries: PageEntry[]): PageEntry[] => entries.flatMap((entry) => [entry, ...all(entry.pages ?? [])]);
  const pageIdByTitle = async (title: string) => {
    const listed = (await (await request.get(`/v1/spaces/${space}/content/pages`, { headers })).json()) as { pages: PageEntry[] };
    const found = all(listed.pages).find((entry) => entry.title === title);
    expect(found, JSON.stringify(listed)).toBeDefined();
    return found!.id;
  };
  // Two change requests editing the same words of the checklist: once one is merged, the other conflicts.
  const rewrite = async (subject: string, line: string) => {
    const changeRequest = await post(`/v1/spaces/${space}/change-requests`, { subject });
    await post(`/v1/spaces/${space}/change-requests/${changeRequest.id}/content`, {
      changes: [{ operation: "update_page", page: checklistId, document: { markdown: CHECKLIST.replace("Before you publish:", line) } }],
    });
    return changeRequest;
  };
  const checklistId = await pageIdByTitle("Checklist");
  const first = await rewrite("Shorter opening", "Before publishing:");
  const conflicted = await rewrite("Friendlier opening", "Before you ship:");
  await post(`/v1/spaces/${space}/change-requests/${first.id}/merge`);
  const draft = await post(`/v1/spaces/${space}/change-requests`, { subject: "Add a glossary" });
  await post(`/v1/spaces/${space}/change-requests/${draft.id}/content`, {
    changes: [{ operation: "insert_page", title: "Glossary", document: { markdown: "**Space**: a set of pages.\n" } }],
  });
  return { org, space, collection: collection.id, page: checklistId, merged: merged.number, draft: draft.number, conflicted: conflicted.number };
}

/** Waits until the screen has loaded what it shows: a level-1 heading, and nothing still loading. */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

let world: World;

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  world = await buildWorld(await context.newPage(), request);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`every admin screen is axe-clean in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(6 * 60_000);
    // Two contexts (axe needs pages of their own context): one signed in, one signed out.
    const signedIn = await (await browser.newContext({ colorScheme: theme })).newPage();
    await signIn(signedIn);
    const signedOut = await (await browser.newContext({ colorScheme: theme })).newPage();
    const failures: string[] = [];
    for (const screen of screens) {
      const page = screen.signedOut ? signedOut : signedIn;
      await page.goto(screen.path(world));
      await settled(page);
      await screen.open?.(page);
      // The theme follows the system setting unless chosen: the page is dark exactly when the system is.
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      for (const violation of await seriousViolations(page)) failures.push(`${screen.name}: ${violation}`);
      if (screen.shot) await screenshot(page, `${theme}-${screen.name.replace(/[^a-z]+/gi, "-").toLowerCase()}`);
    }
    expect(failures).toEqual([]);
  });
}

test("the reader names task-list checkboxes by their item", async ({ page }) => {
  await signIn(page);
  await page.goto(`/o/${world.org}/s/${world.space}/p/${world.page}`);
  await expect(page.getByRole("checkbox", { name: "Write the introduction" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Ask for a review" })).not.toBeChecked();
});
