import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { adminApiToken, axe, createSpaceOverApi, screenshot, signedOut, uniqueSuffix, v1 } from "./helpers";

/**
 * Every admin screen, in the light and the dark theme, has no serious or critical axe-core
 * violation (WCAG 2 A and AA; in dark, those of colour). A few screens are saved as screenshots in dark, to be looked at.
 * To cover a new screen, add one line to its group in `screens`.
 */

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

/**
 * The screens, in groups that run as tests of their own (in parallel, each theme apart). A screen
 * whose path is the previous one's, which opened nothing, is checked on that same page without
 * loading it again (the palette over the organization's home, the panel over the draft's review).
 */
const screens: Record<string, Screen[]> = {
  organization: [
    { name: "organization home", path: (w) => `/o/${w.org}`, shot: true },
    {
      name: "search palette",
      path: (w) => `/o/${w.org}`,
      shot: true,
      open: async (page) => {
        // The top bar's search button shows once the page's palette has registered its shortcut.
        await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();
        await page.keyboard.press("Control+K");
        const palette = page.getByRole("dialog", { name: "Search everywhere" });
        await palette.getByRole("combobox").fill("review");
        await expect(palette.getByRole("option").first()).toBeVisible();
      },
    },
    { name: "collection", path: (w) => `/o/${w.org}/c/${w.collection}` },
    { name: "trash", path: (w) => `/o/${w.org}/trash` },
    { name: "integrations catalog", path: (w) => `/o/${w.org}/integrations` },
    { name: "webhooks (none yet)", path: (w) => `/o/${w.org}/webhooks` },
  ],
  space: [
    { name: "space settings", path: (w) => `/o/${w.org}/s/${w.space}` },
    { name: "space reader", path: (w) => `/o/${w.org}/s/${w.space}/content` },
    { name: "page", path: (w) => `/o/${w.org}/s/${w.space}/p/${w.page}`, shot: true },
    { name: "history", path: (w) => `/o/${w.org}/s/${w.space}/history` },
    { name: "space integrations", path: (w) => `/o/${w.org}/s/${w.space}/integrations` },
  ],
  "change request": [
    { name: "change request list", path: (w) => `/o/${w.org}/s/${w.space}/change-requests?status=merged` },
    { name: "change request review", path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.merged}`, shot: true },
    { name: "draft change request review", path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.draft}` },
    {
      name: "discussion panel",
      path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.draft}`,
      shot: true,
      open: async (page) => {
        await page.getByRole("button", { name: /^Comments/ }).click();
        await expect(page.getByRole("complementary", { name: "Comments" }).getByText("No open comments on this change request.")).toBeVisible();
      },
    },
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
  ],
  editor: [
    { name: "editor", path: (w) => `/o/${w.org}/s/${w.space}/change-requests/${w.draft}/edit?page=${w.page}`, shot: true },
    { name: "not found (signed in)", path: (w) => `/o/${w.org}/s/no-such-space` },
    { name: "not found (unknown address)", path: () => "/no-such-address" },
  ],
  people: [
    { name: "people: members", path: (w) => `/o/${w.org}/people`, shot: true },
    { name: "people: invites", path: (w) => `/o/${w.org}/people/invites` },
    { name: "people: teams", path: (w) => `/o/${w.org}/people/teams` },
    { name: "people: single sign-on", path: (w) => `/o/${w.org}/people/sso` },
    { name: "people: audit log", path: (w) => `/o/${w.org}/people/audit` },
  ],
  "settings and sign-in": [
    { name: "settings: profile", path: () => "/settings/profile" },
    { name: "settings: API tokens", path: () => "/settings/tokens", shot: true },
    { name: "sign in", path: () => "/login", signedOut: true, shot: true },
  ],
};

/** Builds the world through the /v1 API: an organization with a collection, a space, content and change requests. */
async function buildWorld(request: APIRequestContext): Promise<World> {
  const token = adminApiToken();
  const { organizationId: org, spaceId: space } = await createSpaceOverApi(request, `Screens ${uniqueSuffix()}`, "Handbook");
  const post = (path: string, data?: unknown) => v1(request, token, "post", path, data);
  const collection = await post(`/v1/orgs/${org}/collections`, { title: "Guides" });
  const merged = await post(`/v1/spaces/${space}/change-requests`, { subject: "Add the checklist" });
  await post(`/v1/spaces/${space}/change-requests/${merged.id}/content`, {
    changes: [{ operation: "insert_page", title: "Checklist", document: { markdown: CHECKLIST } }],
  });
  await post(`/v1/spaces/${space}/change-requests/${merged.id}/merge`);
  type PageEntry = { id: string; title: string; pages?: PageEntry[] };
  const all = (entries: PageEntry[]): PageEntry[] => entries.flatMap((entry) => [entry, ...all(entry.pages ?? [])]);
  const pageIdByTitle = async (title: string) => {
    const listed = (await v1(request, token, "get", `/v1/spaces/${space}/content/pages`)) as { pages: PageEntry[] };
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

/**
 * The theme changes colours, not structure: the light theme runs every WCAG 2 A and AA rule, the dark
 * one the rules that read colours (the rest would find the same markup again, at twice the cost).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function seriousViolations(page: Page, theme: "light" | "dark"): Promise<string[]> {
  const builder = axe(page).withTags(["wcag2a", "wcag2aa"]);
  const results = await (theme === "dark" ? builder.withRules(COLOUR_RULES) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * One world per worker, built on first use (a worker fixture): every group's test of the worker reads
 * it, and no test changes it.
 */
const test = base.extend<object, { world: World }>({
  world: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: `http://localhost:${process.env.QUIRE_E2E_PORT}` });
      await use(await buildWorld(request));
      await request.dispose();
    },
    { scope: "worker" },
  ],
});

test.use({ viewport: { width: 1280, height: 900 } });

for (const [group, list] of Object.entries(screens)) {
  test(`the ${group} screens are axe-clean in the light and the dark theme`, async ({ browser, world }) => {
    // Pages of their own context (axe needs them): signed in as the seeded admin, or nobody.
    const signedIn = list.some((screen) => !screen.signedOut) ? await (await browser.newContext({ colorScheme: "light" })).newPage() : undefined;
    const nobody = list.some((screen) => screen.signedOut) ? await (await browser.newContext({ colorScheme: "light", ...signedOut })).newPage() : undefined;
    const failures: string[] = [];
    let previous: Screen | undefined;
    for (const screen of list) {
      const page = (screen.signedOut ? nobody : signedIn)!;
      const samePage = previous && !previous.open && !previous.signedOut === !screen.signedOut && previous.path(world) === screen.path(world);
      if (!samePage) {
        await page.goto(screen.path(world));
        await settled(page);
      }
      await screen.open?.(page);
      // Each screen is checked as loaded, then with the system switched to dark: the theme follows the
      // system setting unless chosen, so the page turns dark in place, exactly when the system does.
      for (const theme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        for (const violation of await seriousViolations(page, theme)) failures.push(`${screen.name} (${theme}): ${violation}`);
        if (screen.shot) await screenshot(page, `${theme}-${screen.name.replace(/[^a-z]+/gi, "-").toLowerCase()}`);
      }
      await page.emulateMedia({ colorScheme: "light" });
      previous = screen;
    }
    expect(failures).toEqual([]);
    await signedIn?.context().close();
    await nobody?.context().close();
  });
}

test("the reader names task-list checkboxes by their item", async ({ page, world }) => {
  await page.goto(`/o/${world.org}/s/${world.space}/p/${world.page}`);
  await expect(page.getByRole("checkbox", { name: "Write the introduction" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Ask for a review" })).not.toBeChecked();
});
