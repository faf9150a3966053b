import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminApiToken, expectNoSeriousAxeViolations, publishThroughApi, signedOut, uniqueSuffix, v1 } from "./helpers";

/**
 * A published site as its readers get it, from the production server: built through /v1 (spaces
 * written through change requests, a site of two sections, the first with three variants, a
 * redirect, a customization with an SVG logo, published), then read — the brand, navigation across
 * the page tree, sections and variants, the theme following the system until the reader chooses,
 * code blocks' copy buttons and the page actions (with and without JavaScript), the redirect and
 * the 404 page, the search dialog driven by the keyboard, the bold theme's header with a primary
 * that failed contrast before —, checked by axe-core in light and dark at phone and desktop widths,
 * and photographed for the README.
 */

// Readers are nobody in particular: not the seeded admin the UI projects sign in.
test.use(signedOut);

let token: string;
test.beforeAll(() => {
  token = adminApiToken();
});

const INTRO = `Acme is a toolkit for shipping documentation that people enjoy reading.

{% hint style="info" %}
New here? Start with **Getting started**, then read the configuration reference.
{% endhint %}

## Install the command line

{% tabs %}
{% tab title="npm" %}
\`\`\`bash
npm install --global @acme/cli
\`\`\`
{% endtab %}
{% tab title="Homebrew" %}
\`\`\`bash
brew install acme
\`\`\`
{% endtab %}
{% endtabs %}

## Write your first page

{% code title="docs/welcome.md" %}
\`\`\`markdown
# Welcome
Everything starts with a heading.
\`\`\`
{% endcode %}

| Command | What it does |
| --- | --- |
| \`acme init\` | Creates a project |
| \`acme serve\` | Previews it locally |

<details>
<summary>Which platforms are supported?</summary>

Linux, macOS and Windows, on x86-64 and ARM.

</details>

## Next steps

- [x] Install the command line
- [ ] Publish your first site
`;

async function space(request: APIRequestContext, organizationId: string, title: string) {
  return (await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title, empty: true })) as { id: string };
}

const insert = (title: string, markdown: string, extra: Record<string, unknown> = {}) => ({ operation: "insert_page", title, document: { markdown }, ...extra });

/** The site's logo: an SVG without width and height (only a viewBox), which used to render at 0×0. */
const LOGO = { light: "https://brand.example.test/acme.svg", dark: "https://brand.example.test/acme-dark.svg" };
const logoSvg = (ink: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 32"><rect x="0" y="2" width="28" height="28" rx="7" fill="#4f46e5"/><path d="M8 24 14 9l6 15" stroke="#fff" stroke-width="3" fill="none"/><circle cx="35" cy="26" r="4" fill="${ink}"/></svg>`;

/** Serves the logo to `page`'s browser context (the machine has no internet; the site's CSP allows https images). */
async function serveLogo(page: Page) {
  await page.context().route("https://brand.example.test/**", (route) =>
    route.fulfill({ contentType: "image/svg+xml", body: logoSvg(route.request().url().endsWith("-dark.svg") ? "#f1f5f9" : "#0f172a") }),
  );
}

/** The site, published; returns its address (a path on this server). */
async function buildSite(request: APIRequestContext, suffix: string) {
  const orgs = (await v1(request, token, "get", "/v1/orgs")) as { items: { id: string }[] };
  const organizationId = orgs.items[0]!.id;
  // The variant switcher shows the spaces' titles, as the README's screenshots do: no suffix there.
  const guides = await space(request, organizationId, "Latest (2.x)");
  const legacy = await space(request, organizationId, "Version 1.x");
  const oldest = await space(request, organizationId, "Version 0.x");
  const api = await space(request, organizationId, `API ${suffix}`);

  const [, gettingStarted] = await publishThroughApi(request, token, guides.id, "Write the guides", [
    insert("Introduction", INTRO, { description: "What Acme is, and how to get going in five minutes." }),
    insert("Getting started", "Everything you need before your first page.\n"),
    insert("Configuration", "## Options\n\nSet `theme` in **acme.json**.\n"),
    insert("Internal notes", "Not for the navigation.\n", { hidden: true }),
  ]);
  await publishThroughApi(request, token, guides.id, "Installation", [insert("Installation", "Install with `npm install --global @acme/cli`.\n", { into: gettingStarted })]);
  await publishThroughApi(request, token, legacy.id, "Legacy guides", [insert("Introduction", "The 1.x guides, kept for older projects.\n"), insert("Legacy setup", "Set up 1.x.\n")]);
  await publishThroughApi(request, token, oldest.id, "Oldest guides", [insert("Introduction", "The 0.x guides.\n")]);
  await publishThroughApi(request, token, api.id, "API", [insert("Overview", "The HTTP API, in one page.\n\n## Authentication\n\nSend a token.\n"), insert("Endpoints", "`GET /projects`\n")]);

  const site = (await v1(request, token, "post", `/v1/orgs/${organizationId}/sites`, { title: "Acme Docs", spaces: [guides.id] })) as { id: string };
  const base = `/v1/orgs/${organizationId}/sites/${site.id}`;
  const basename = `acme-${suffix}`;
  await request.patch(base, { headers: { Authorization: `Bearer ${token}` }, data: { basename } }).then((response) => expect(response.ok(), "basename").toBe(true));
  const section = (await v1(request, token, "post", `${base}/sections`, { spaceId: api.id, title: "API reference" })) as { id: string };
  const structure = (await v1(request, token, "get", `${base}/structure`)) as { structure: { id: string; title: string }[] };
  const guidesSection = structure.structure.find((each) => each.id !== section.id)!;
  await request.patch(`${base}/sections/${guidesSection.id}`, { headers: { Authorization: `Bearer ${token}` }, data: { title: "Guides" } });
  await v1(request, token, "post", `${base}/site-spaces`, { spaceId: legacy.id, sectionId: guidesSection.id });
  await v1(request, token, "post", `${base}/site-spaces`, { spaceId: oldest.id, sectionId: guidesSection.id });
  await v1(request, token, "post", `${base}/redirects`, { source: "/old-install", destination: { kind: "path", spaceId: guides.id, path: "/getting-started/installation" } });
  const customization = {
    styling: { primaryColor: { light: "#4f46e5", dark: "#818cf8" }, corners: "rounded" },
    header: {
      logo: LOGO,
      links: [
        { title: "Blog", to: { kind: "url", url: "https://example.com/blog" }, links: [] },
        { title: "Community", to: null, links: [{ title: "Forum", to: { kind: "url", url: "https://example.com/forum" } }, { title: "Chat", to: { kind: "url", url: "https://example.com/chat" } }] },
      ],
    },
    footer: {
      groups: [
        { title: "Product", links: [{ title: "Pricing", to: { kind: "url", url: "https://example.com/pricing" } }] },
        { title: "Company", links: [{ title: "About", to: { kind: "url", url: "https://example.com/about" } }] },
      ],
      copyright: "© 2026 Acme Inc.",
    },
    feedback: { enabled: true },
  };
  await customize(request, base, customization);
  await v1(request, token, "post", `${base}/publish`);
  return { root: `/${basename}`, organizationId, base, customization };
}

async function customize(request: APIRequestContext, base: string, customization: object) {
  const customized = await request.put(`${base}/customization`, { headers: { Authorization: `Bearer ${token}` }, data: customization });
  expect(customized.ok(), await customized.text()).toBe(true);
}

/** The logo (an SVG with no size of its own) at the header's height, its aspect kept, and the site's name written beside it. */
async function expectBrand(page: Page, root: string) {
  const brand = page.getByRole("banner").getByRole("link", { name: "Acme Docs" });
  await expect(brand).toHaveAttribute("href", root);
  const logo = brand.locator("img.logo:visible");
  await expect(logo).toHaveJSProperty("complete", true);
  const logoBox = (await logo.boundingBox())!;
  expect(logoBox.height).toBeCloseTo(32, 0);
  expect(logoBox.width).toBeCloseTo(40, 0);
  const name = brand.getByText("Acme Docs", { exact: true });
  await expect(name).toBeVisible();
  const nameBox = (await name.boundingBox())!;
  expect(nameBox.x).toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
  // Not cut to an ellipsis.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

const tree = (page: Page) => page.getByRole("navigation", { name: "Pages", exact: true });

async function setTheme(page: Page, theme: "light" | "dark") {
  const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  if (dark !== (theme === "dark")) await page.getByRole("button", { name: "Dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** At phone width the search field folds into an icon button: none of its text may cover the icon. */
async function expectSearchIconAlone(page: Page) {
  const field = page.locator("[data-search-input]");
  expect(await field.evaluate((input) => [getComputedStyle(input).color, getComputedStyle(input, "::placeholder").color])).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
  await expect(page.getByRole("search", { name: "Site" }).locator(".search-key")).toBeHidden();
}

/**
 * The site's look at phone and desktop widths, light and dark (the reader's stored choice), each
 * checked by axe-core, with the brand and (on a phone) the folded search; `shoot` names the screenshots.
 */
async function checkAcross(page: Page, root: string, shoot?: (theme: "light" | "dark", device: "desktop" | "phone") => string | null) {
  for (const [device, width, height] of [["desktop", 1280, 900], ["phone", 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((value) => localStorage.setItem("quire-theme", value), theme);
      await page.reload();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expectNoSeriousAxeViolations(page);
      await expectBrand(page, root);
      if (device === "phone") await expectSearchIconAlone(page);
      const name = shoot?.(theme, device);
      if (name) await page.screenshot({ path: `docs/screenshots/${name}.png` });
    }
  }
}

test("a reader navigates a published site across pages, sections and variants, switches the theme, copies code and the page, follows a redirect, meets the 404 page and searches with the keyboard", async ({ page, request, context, browser, baseURL }) => {
  const suffix = uniqueSuffix();
  const { root, base, customization } = await test.step("through /v1: four spaces, a site of two sections (the first with three variants), a redirect, a customization, published", () => buildSite(request, suffix));
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await serveLogo(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step("the home page: the brand, title, description, body blocks, outline; the tree leaves the hidden page out", async () => {
    const response = await page.goto(root);
    expect(response!.status()).toBe(200);
    await expectBrand(page, root);
    await expect(page.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
    await expect(page.getByText("What Acme is, and how to get going in five minutes.")).toBeVisible();
    await expect(page.getByRole("note", { name: "Info" })).toContainText("New here?");
    await expect(page.getByRole("complementary", { name: "On this page" }).getByRole("link", { name: "Write your first page" })).toBeVisible();
    await expect(tree(page).getByRole("link", { name: "Introduction" })).toHaveAttribute("aria-current", "page");
    await expect(tree(page).getByRole("link", { name: "Configuration" })).toBeVisible();
    await expect(tree(page).getByRole("link", { name: "Internal notes" })).toHaveCount(0);
    // Tabs: site.js turned the panels into a tab list; arrows move between them.
    const npm = page.getByRole("tab", { name: "npm" });
    await expect(npm).toHaveAttribute("aria-selected", "true");
    await npm.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Homebrew" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("brew install acme")).toBeVisible();
  });

  await test.step("code blocks: each names its language and copies its code", async () => {
    const titled = page.locator("figure.code-block figcaption");
    await expect(titled).toContainText("docs/welcome.md");
    await expect(titled.locator(".code-language")).toHaveText("Markdown");
    await titled.getByRole("button", { name: "Copy the Markdown code" }).click();
    await expect(titled.locator(".code-copy")).toHaveAccessibleName("Copied the Markdown code");
    await expect(page.getByRole("status").filter({ hasText: "Code copied." })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("# Welcome\nEverything starts with a heading.\n");
    const shown = page.getByRole("tabpanel", { name: "Homebrew" });
    await expect(shown.locator(".code-language")).toHaveText("Bash");
    await shown.getByRole("button", { name: "Copy the Bash code" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("brew install acme\n");
  });

  await test.step("page actions: Copy page copies its Markdown; the menu offers the .md and assistants by links", async () => {
    await page.getByRole("button", { name: "Copy page", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Page copied as Markdown." })).toBeAttached();
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    expect(markdown).toContain("# Introduction");
    expect(markdown).toContain("Acme is a toolkit for shipping documentation");
    await page.getByLabel("Page actions").click();
    const menu = page.locator(".page-menu .menu-list");
    const markdownUrl = new URL(`${root}/index.md`, page.url()).href;
    await expect(menu.getByRole("link", { name: /^View as Markdown/ })).toHaveAttribute("href", markdownUrl);
    const chatGpt = menu.getByRole("link", { name: /^Open in ChatGPT/ });
    await expect(chatGpt).toHaveAttribute("href", `https://chatgpt.com/?hints=search&q=${encodeURIComponent(`Read ${markdownUrl} so I can ask questions about it.`)}`);
    await expect(chatGpt).toHaveAttribute("target", "_blank");
    await expect(menu.getByRole("link", { name: /^Open in Claude/ })).toHaveAttribute("href", /^https:\/\/claude\.ai\/new\?q=/);
    await menu.getByRole("button", { name: /^Copy page/ }).click();
    await expect(menu).toBeHidden();
    // The .md answers what the menu links to.
    const answered = await request.get(markdownUrl);
    expect(answered.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    await page.getByLabel("Page actions").click();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "docs/screenshots/published-page-actions-light-desktop.png" });
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  await test.step("the tree, breadcrumbs and the pager lead through the pages", async () => {
    await tree(page).getByRole("link", { name: "Getting started" }).click();
    await expect(page).toHaveURL(`${root}/getting-started`);
    await tree(page).getByRole("link", { name: "Installation" }).click();
    await expect(page).toHaveURL(`${root}/getting-started/installation`);
    await expect(tree(page).getByRole("link", { name: "Installation" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Getting started" })).toBeVisible();
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    await page.getByRole("navigation", { name: "Previous and next pages" }).getByRole("link", { name: /Next/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Configuration" })).toBeVisible();
  });

  await test.step("sections are tabs; the variant switcher is a keyboard-operable menu of links, every one of them in view", async () => {
    const sections = page.getByRole("navigation", { name: "Sections" });
    await sections.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(`${root}/api-reference`);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(sections.getByRole("link", { name: "API reference" })).toHaveAttribute("aria-current", "page");
    await sections.getByRole("link", { name: "Guides" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
    const switcher = page.locator("details.variants > summary");
    await switcher.focus();
    await page.keyboard.press("Enter");
    const legacy = page.getByRole("link", { name: "Version 1.x", exact: true });
    await expect(legacy).toBeVisible();
    // Not cut off by the sidebar: the last one is whole on screen.
    await expect(page.getByRole("link", { name: "Version 0.x", exact: true })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press("Escape");
    await expect(legacy).toBeHidden();
    await page.keyboard.press("Enter");
    await legacy.click();
    await expect(tree(page).getByRole("link", { name: "Legacy setup" })).toBeVisible();
    await expect(page.getByText("The 1.x guides, kept for older projects.")).toBeVisible();
  });

  await test.step("the theme follows the system until the reader switches it; the choice is remembered, and wins over the system", async () => {
    const html = page.locator("html");
    await page.evaluate(() => localStorage.removeItem("quire-theme"));
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
    // The system changes while the page is open: the page follows.
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/\bdark\b/);
    await setTheme(page, "dark");
    await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await setTheme(page, "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
  });

  await test.step("a redirect of the site leads to its page; an unknown path is the 404 page with search", async () => {
    const redirected = await request.get(`${root}/old-install`, { maxRedirects: 0 });
    expect([301, 302]).toContain(redirected.status());
    await page.goto(`${root}/old-install`);
    await expect(page).toHaveURL(`${root}/getting-started/installation`);
    const missing = await page.goto(`${root}/no-such-page`);
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("search", { name: "This site" }).getByRole("searchbox")).toBeVisible();
    await page.getByRole("link", { name: "the home page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Introduction" })).toBeVisible();
  });

  await test.step("search: Ctrl+K opens the dialog; typing lists results, arrows choose, Enter opens, Escape closes", async () => {
    // Pages are indexed on the job queue after the merge.
    await expect.poll(async () => ((await (await request.get(`${root}/~/search.json?q=Legacy`)).json()) as { count: number }).count, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press("Control+K");
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect(dialog).toBeVisible();
    const field = dialog.getByRole("combobox", { name: "Search the site" });
    await expect(field).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // The closed dialog's field keeps the focus until the browser's next rendering update: "/" typed
    // before then goes to that field (the page's shortcut leaves keys typed into fields alone).
    await expect(page.locator("dialog input")).not.toBeFocused();
    await page.keyboard.press("/");
    await expect(field).toBeFocused();
    await field.fill("Legacy setup");
    const options = dialog.getByRole("option");
    await expect(options.first()).toBeVisible();
    await expect(field).toHaveAttribute("aria-activedescendant", "search-result-0");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Legacy setup" })).toBeVisible();
  });

  await test.step("axe-core finds nothing serious in light and dark, at phone and desktop widths; screenshots for the README", async () => {
    await page.goto(root);
    await checkAcross(page, root, (theme, device) => `published-${theme}-${device}`);
    // On a phone, the Pages link opens the tree over the page (without JavaScript too: it is a link to it).
    await page.getByRole("link", { name: "Pages", exact: true }).click();
    await expect(tree(page).getByRole("link", { name: "Configuration" })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.goto(root);
    await page.getByLabel("Page actions").click();
    await expect(page.locator(".page-menu .menu-list")).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: "docs/screenshots/published-page-actions-dark-phone.png" });
  });

  await test.step("the bold theme with a primary that failed contrast (white at 4.13–4.29): the header reads, and the phone's search button shows only its icon", async () => {
    await customize(request, base, { ...customization, styling: { ...customization.styling, theme: "bold", primaryColor: { light: "#e11d48", dark: "#e11d48" } } });
    // The change reaches the server's cache of the site through PostgreSQL's NOTIFY.
    await expect.poll(async () => (await request.get(root)).text(), { timeout: 15_000 }).toContain("theme-bold");
    await page.goto(root);
    await checkAcross(page, root, (theme, device) => (theme === "light" ? `published-bold-light-${device}` : null));
  });

  await test.step("without JavaScript: the page actions menu opens and links to the .md; nothing needs the clipboard", async () => {
    const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const reader = await plain.newPage();
    await serveLogo(reader);
    await reader.goto(root);
    await expect(reader.getByRole("button", { name: "Copy page", exact: true })).toBeHidden();
    await expect(reader.locator("figure.code-block .code-copy")).toHaveCount(0);
    await reader.getByText("Page actions", { exact: true }).click();
    await expect(reader.getByRole("link", { name: /^View as Markdown/ })).toBeVisible();
    await expect(reader.getByRole("button", { name: /^Copy page/ })).toBeHidden();
    await plain.close();
  });
});
