import { describe, expect, test } from "vitest";
import { commitRevision, createInitialRevision, type Page } from "../../server/content/revisions";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { setMainRevision } from "../../server/search/index-space";
import { searchPages, searchParams } from "../../server/search/query";
import { searchSite } from "../../server/sites/serve/search/search-site";
import { markedSnippet, unmark } from "../../server/sites/serve/search/snippet";
import type { ModelPage, SiteAddress } from "../../server/sites/serve/types";
import { createOrganization } from "../helpers/factories";
import { modelSection, modelSiteSpace, visibleSiteOf } from "./serve-model-fixtures";
import { searchIndexed } from "../helpers/jobs";

/** Site search over issue 3's index: narrowed to what the visitor may see, inside the query. */

type Draft = { id?: string; title: string; slug: string; markdown?: string; parentId?: string | null; description?: string };

/** A space whose main content is `drafts`, indexed. */
async function indexedSpace(organizationId: string, drafts: Draft[]): Promise<{ spaceId: string; revisionId: string; pages: Page[] }> {
  const spaceId = newId();
  const now = new Date().toISOString();
  const pages: Page[] = drafts.map((draft, index) => ({ markdown: "", parentId: null, sortKey: index + 1, createdAt: now, updatedAt: now, ...draft, id: draft.id ?? newId() }));
  const revisionId = await db().$transaction(async (tx) => {
    const space = await tx.space.create({ data: { id: spaceId, organizationId, title: "Docs" } });
    const first = await createInitialRevision(tx, spaceId, { empty: true });
    const revision = await commitRevision(tx, { spaceId, base: first, parents: [first.id], put: pages });
    await setMainRevision(tx, space, revision);
    return revision.id;
    // The machine may be busy (builds, other suites): a commit can take longer than the default 5 s.
  }, { timeout: 60_000 });
  await searchIndexed(spaceId);
  return { spaceId, revisionId, pages };
}

/** A model page of `page` at `path` (depth from the path), shown unless told otherwise. */
function modelPage(page: Page, path: string, extra: Partial<ModelPage> = {}): ModelPage {
  return {
    id: page.id,
    title: page.title,
    slug: page.slug,
    path,
    parentId: page.parentId,
    depth: path === "" ? 0 : path.split("/").length - 1,
    description: page.description ?? "",
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
    condition: null,
    updatedAt: page.updatedAt,
    ...extra,
  };
}

function siteSpace(spaceId: string, revisionId: string, title: string, path: string, pages: ModelPage[]) {
  return modelSiteSpace(title, path, pages, { spaceId, revisionId });
}

const address: SiteAddress = { siteId: "site", origin: "https://docs.example.test", basePath: "/docs" };

describe("searchPages narrowed to some pages", () => {
  test("only the allowed pages are ranked, counted and paged; without a filter the search is as before", async () => {
    const organization = await createOrganization();
    const drafts = Array.from({ length: 6 }, (_, index) => ({ title: `Widget ${index}`, slug: `widget-${index}`, markdown: `Widgets are configured here (${index}).\n` }));
    const { spaceId, pages } = await indexedSpace(organization.id, drafts);
    const params = (extra: Record<string, string> = {}) => searchParams.parse({ query: "widget", limit: "2", ...extra });

    const everything = await searchPages([spaceId], params());
    expect(everything.count).toBe(6);

    const allowed = pages.filter((_, index) => index % 2 === 0).map((page) => ({ spaceId, pageId: page.id }));
    const first = await searchPages([spaceId], params(), { pages: allowed });
    expect(first.count).toBe(3);
    expect(first.pages).toHaveLength(2);
    const second = await searchPages([spaceId], params({ page: first.next!.page }), { pages: allowed });
    expect(second.pages).toHaveLength(1);
    expect(second.next).toBeUndefined();
    const found = [...first.pages, ...second.pages].map((hit) => hit.title).sort();
    expect(found).toEqual(["Widget 0", "Widget 2", "Widget 4"]);

    expect(await searchPages([spaceId], params(), { pages: [] })).toEqual({ pages: [], count: 0 });
  });

  test("marks are written around the matched words of snippets, and only when asked", async () => {
    const organization = await createOrganization();
    const { spaceId } = await indexedSpace(organization.id, [{ title: "Setup", slug: "setup", markdown: "Install the gadget before anything else.\n" }]);
    const params = searchParams.parse({ query: "gadget" });
    const plain = await searchPages([spaceId], params);
    expect(plain.pages[0]!.sections[0]!.snippet).toBe("Install the gadget before anything else");
    const marked = await searchPages([spaceId], params, { marks: { start: "[[", stop: "]]" } });
    expect(marked.pages[0]!.sections[0]!.snippet).toBe("Install the [[gadget]] before anything else");
  });
});

describe("searchSite", () => {
  /** Two sections; the second with two variants. Pages the visitor may not see are absent from the model. */
  async function setup() {
    const organization = await createOrganization();
    const guides = await indexedSpace(organization.id, [
      { title: "Home", slug: "home", markdown: "Welcome to the falcon docs.\n" },
      { title: "Falcon basics", slug: "basics", markdown: "Falcon intro.\n\n## Flying the falcon\n\nHow falcon flight works.\n" },
      { title: "Secret falcon plans", slug: "secret", markdown: "Falcon plans for admins only.\n" },
      { title: "Falcon drafts", slug: "drafts", markdown: "Unfinished falcon notes.\n" },
      { title: "Hidden falcon", slug: "hidden", markdown: "A falcon page out of the navigation.\n" },
      { title: "Gone falcon", slug: "gone", markdown: "Falcon page the published revision no longer has.\n" },
    ]);
    const [home, basics, , drafts, hidden] = guides.pages;
    const child = await indexedSpace(organization.id, [
      { title: "API", slug: "api", markdown: "The API.\n" },
      { title: "Falcon endpoint", slug: "falcon", markdown: "GET /falcon returns a falcon.\n" },
    ]);
    const v2 = await indexedSpace(organization.id, [{ title: "Falcon v2", slug: "falcon", markdown: "The second falcon.\n" }]);
    const apiPage = child.pages[0]!;
    const falconEndpoint = { ...child.pages[1]!, parentId: apiPage.id };
    const sections = [
      modelSection("Guides", "", [
        siteSpace(guides.spaceId, guides.revisionId, "Guides", "", [
          modelPage(home!, ""),
          modelPage(basics!, "basics"),
          // "Secret falcon plans" is absent: its condition is false for this visitor.
          modelPage(drafts!, "drafts", { noIndex: true }),
          modelPage(hidden!, "hidden", { hidden: true }),
          // "Gone falcon" is indexed but no longer in the published model (the index lags).
        ]),
      ]),
      modelSection("Reference", "reference", [
        siteSpace(child.spaceId, child.revisionId, "Version 1", "", [modelPage(apiPage, "api"), modelPage(falconEndpoint, "api/falcon", { parentId: apiPage.id })]),
        siteSpace(v2.spaceId, v2.revisionId, "Version 2", "v2", [modelPage(v2.pages[0]!, "")]),
      ]),
    ];
    return { visible: await visibleSiteOf(sections) };
  }

  test("finds across sections and variants, never a page the visitor may not see, with hrefs, snippets and breadcrumbs", async () => {
    const { visible } = await setup();
    const found = await searchSite(visible, address, "falcon", { limit: 50 });
    const titles = found.results.map((result) => result.title).sort();
    expect(titles).toEqual(["Falcon basics", "Falcon endpoint", "Falcon v2", "Home"]);
    expect(found.count).toBe(4);

    const endpoint = found.results.find((result) => result.title === "Falcon endpoint")!;
    expect(endpoint).toMatchObject({ href: "/docs/reference/api/falcon", section: "Reference", variant: "Version 1", breadcrumbs: ["API"] });
    expect(endpoint.snippet).toContain("falcon");
    expect(endpoint.highlights.length).toBeGreaterThan(0);
    for (const [start, end] of endpoint.highlights) expect(endpoint.snippet.slice(start, end).toLowerCase()).toBe("falcon");

    const v2 = found.results.find((result) => result.title === "Falcon v2")!;
    expect(v2).toMatchObject({ href: "/docs/reference/v2", section: "Reference", variant: "Version 2", breadcrumbs: [] });
    const basics = found.results.find((result) => result.title === "Falcon basics")!;
    expect(basics).toMatchObject({ section: "Guides", breadcrumbs: [] });
    expect(basics).not.toHaveProperty("variant");
    expect(basics.href.startsWith("/docs/basics")).toBe(true);
  });

  test("a section matched on its own links to its heading", async () => {
    const { visible } = await setup();
    const found = await searchSite(visible, address, "flight", { limit: 10 });
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({ title: "Falcon basics", href: "/docs/basics#flying-the-falcon", heading: "Flying the falcon" });
  });

  test("pages the visitor may not see count nowhere: not in results, count nor paging", async () => {
    const { visible } = await setup();
    const first = await searchSite(visible, address, "falcon", { limit: 3 });
    expect(first.count).toBe(4);
    expect(first.next).toBe(3);
    const rest = await searchSite(visible, address, "falcon", { limit: 3, offset: 3 });
    expect(rest.results).toHaveLength(1);
    expect(rest.next).toBeUndefined();
    for (const query of ["secret", "drafts", "unfinished", "navigation", "gone", "admins"]) {
      expect((await searchSite(visible, address, query, { limit: 10 })).count, query).toBe(0);
    }
  });

  test("hostile queries are bounded and answered: long, full of syntax, blank", async () => {
    const { visible } = await setup();
    expect(await searchSite(visible, address, "   ", { limit: 10 })).toEqual({ results: [], count: 0 });
    const hostile = [
      '"'.repeat(600),
      "-".repeat(600),
      "falcon ".repeat(200),
      "a or ".repeat(150),
      "(((falcon & !!| <-> :* ' \\ ))) %% _ \u0000 \uE000\uE001",
      "🦅".repeat(300),
    ];
    // Timing belongs in the bench; here each is answered (PostgreSQL refused some before they were cleaned) and capped.
    for (const query of hostile) {
      const found = await searchSite(visible, address, query, { limit: 500 });
      expect(found.results.length).toBeLessThanOrEqual(50);
    }
  });
});

describe("snippet marks", () => {
  test("marks become ranges of the plain snippet, and <mark> in HTML with everything escaped", () => {
    const { snippet, highlights } = unmark("a \uE000falcon\uE001 & <b>\uE000falcons\uE001");
    expect(snippet).toBe("a falcon & <b>falcons");
    expect(highlights).toEqual([
      [2, 8],
      [14, 21],
    ]);
    expect(markedSnippet(snippet, highlights)).toBe("a <mark>falcon</mark> &amp; &lt;b&gt;<mark>falcons</mark>");
  });
});
