import { describe, expect, test } from "vitest";
import type { SiteRequest } from "../../server/sites/serve/endpoints";
import { headTags } from "../../server/sites/serve/machines/head";
import { listedPages } from "../../server/sites/serve/machines/listing";
import { llmsTxt, MAX_LLMS_PAGES } from "../../server/sites/serve/machines/llms";
import { withPublishedLinks } from "../../server/sites/serve/machines/published-links";
import { MAX_SITEMAP_URLS, robotsTxt, sitemapXml } from "../../server/sites/serve/machines/sitemap";
import type { ModelPage, SiteAddress, VisibleSite } from "../../server/sites/serve/types";
import { modelSection, modelSiteSpace, visibleSiteOf } from "./serve-model-fixtures";

/** The machine outputs of a visible site, from hand-built models: what each lists and leaves out. */

const address: SiteAddress = { siteId: "site", origin: "https://docs.example.test", basePath: "/docs" };

let sequence = 0;
function page(title: string, path: string, extra: Partial<ModelPage> = {}): ModelPage {
  sequence += 1;
  return {
    id: `p${sequence}`,
    title,
    slug: path.split("/").pop() ?? "",
    path,
    parentId: null,
    depth: 0,
    description: "",
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
    condition: null,
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...extra,
  };
}

/** Guides (home, install, a hidden page with a child, a noRobotsIndex page) and an API section in English and French. */
function structure() {
  const hiddenParent = page("Internal", "internal", { hidden: true });
  const guides = modelSiteSpace("Guides", "", [
    page("Welcome", "", { description: "Start here.\nEverything about Acme." }),
    page("Install [fast]", "install", { description: "Get it running." }),
    hiddenParent,
    page("Internal child", "internal/child", { parentId: hiddenParent.id, depth: 1 }),
    page("Private notes", "notes", { noRobotsIndex: true }),
  ]);
  const english = modelSiteSpace("English", "", [page("API", ""), page("Auth & tokens", "auth")], { language: "en" });
  const french = modelSiteSpace("Français", "fr", [page("API", ""), page("Authentification", "auth"), page("Seulement en français", "fr-only")], { language: "fr" });
  const german = modelSiteSpace("Deutsch", "de", [page("API", "")], { language: "de" });
  return { guides, english, french, german, sections: [modelSection("Guides", "", [guides]), modelSection("API", "api", [english, french, german])] };
}

const request = (visible: VisibleSite): SiteRequest => ({ request: new Request("https://docs.example.test/docs"), url: new URL("https://docs.example.test/docs"), address, visible, rest: "" });

describe("listedPages", () => {
  test("leaves out hidden pages and everything under them, and pages whose parent the visitor may not see", () => {
    const parent = page("Parent", "parent");
    const pages = [parent, page("Child", "parent/child", { parentId: parent.id, depth: 1 }), page("Orphan", "gone/orphan", { parentId: "removed-by-a-condition", depth: 1 })];
    const { guides } = structure();
    expect(listedPages(modelSiteSpace("S", "", pages)).map((each) => each.title)).toEqual(["Parent", "Child"]);
    expect(listedPages(guides).map((each) => each.title)).toEqual(["Welcome", "Install [fast]", "Private notes"]);
  });
});

describe("sitemap.xml and robots.txt", () => {
  test("a public site's sitemap lists every listed page but noRobotsIndex ones, absolute and with lastmod; robots.txt points at it", async () => {
    const visible = await visibleSiteOf(structure().sections);
    const xml = sitemapXml(visible, address);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      "https://docs.example.test/docs",
      "https://docs.example.test/docs/install",
      "https://docs.example.test/docs/api",
      "https://docs.example.test/docs/api/auth",
      "https://docs.example.test/docs/api/fr",
      "https://docs.example.test/docs/api/fr/auth",
      "https://docs.example.test/docs/api/fr/fr-only",
      "https://docs.example.test/docs/api/de",
    ]);
    expect(xml).toContain("<lastmod>2026-11-20T10:00:00.000Z</lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(robotsTxt(visible, address)).toBe("User-agent: *\nAllow: /\n\nSitemap: https://docs.example.test/docs/sitemap.xml\n");
  });

  test("robots.txt disallows everything on any site but a public one", async () => {
    for (const visibility of ["unlisted", "share-link", "visitor-auth"]) {
      expect(robotsTxt(await visibleSiteOf(structure().sections, { visibility }), address)).toBe("User-agent: *\nDisallow: /\n");
    }
  });

  test("a sitemap never holds more than the protocol's 50,000 URLs; URLs are escaped", async () => {
    const many = Array.from({ length: MAX_SITEMAP_URLS + 10 }, (_, index) => page(`P${index}`, `p-${index}`));
    const xml = sitemapXml(await visibleSiteOf([modelSection("Big", "", [modelSiteSpace("Big", "", many)])]), { ...address, basePath: "/a&b" });
    expect(xml.match(/<url>/g)).toHaveLength(MAX_SITEMAP_URLS);
    expect(xml).toContain("<loc>https://docs.example.test/a&amp;b/p-0</loc>");
  });
});

describe("llms.txt", () => {
  test("the llmstxt.org format: title, summary, one list per section and variant, .md links and descriptions", async () => {
    const text = llmsTxt(await visibleSiteOf(structure().sections), address);
    expect(text).toBe(
      [
        "# Acme Docs",
        "",
        "> Start here. Everything about Acme.",
        "",
        "## Guides",
        "",
        "- [Welcome](https://docs.example.test/docs/index.md): Start here. Everything about Acme.",
        "- [Install \\[fast\\]](https://docs.example.test/docs/install.md): Get it running.",
        "- [Private notes](https://docs.example.test/docs/notes.md)",
        "",
        "## API (English)",
        "",
        "- [API](https://docs.example.test/docs/api/index.md)",
        "- [Auth & tokens](https://docs.example.test/docs/api/auth.md)",
        "",
        "## API (Français)",
        "",
        "- [API](https://docs.example.test/docs/api/fr/index.md)",
        "- [Authentification](https://docs.example.test/docs/api/fr/auth.md)",
        "- [Seulement en français](https://docs.example.test/docs/api/fr/fr-only.md)",
        "",
        "## API (Deutsch)",
        "",
        "- [API](https://docs.example.test/docs/api/de/index.md)",
        "",
      ].join("\n"),
    );
  });

  test("a site of root-level variants titles its lists by variant, and a site at a host's root links index.md at the root; lists are bounded", async () => {
    const many = Array.from({ length: MAX_LLMS_PAGES + 5 }, (_, index) => page(`P${index}`, index === 0 ? "" : `p-${index}`));
    const visible = await visibleSiteOf([], { rootSiteSpaces: [modelSiteSpace("Handbook", "", many), modelSiteSpace("Extra", "extra", [page("More", "")])] });
    const text = llmsTxt(visible, { ...address, origin: "https://handbook.example.test", basePath: "" });
    expect(text).toContain("## Handbook\n\n- [P0](https://handbook.example.test/index.md)\n- [P1](https://handbook.example.test/p-1.md)");
    expect(text.match(/^- /gm)).toHaveLength(MAX_LLMS_PAGES);
    expect(text).not.toContain("## Extra");
    expect(text).toContain("> The Acme Docs documentation.");
  });
});

describe("published links", () => {
  test("page and file links become published URLs; code, unknown pages and other links stay as written", () => {
    const markdown = [
      "See [install](/pages/abc#step-2) and ![logo](/files/f1 \"Logo\").",
      "",
      "[ref]: /pages/abc",
      "",
      '{% file src="/files/f2" %}',
      "",
      "Unknown [page](/pages/zzz), external [site](https://example.com/pages/abc).",
      "",
      "```",
      "[not a link](/pages/abc)",
      "```",
      "",
      "Inline `(/pages/abc)` code.",
    ].join("\n");
    const pages: Record<string, string> = { abc: "https://docs.example.test/docs/install" };
    const rewritten = withPublishedLinks(markdown, { page: (id) => pages[id], file: (id) => `https://docs.example.test/docs/~/files/s/${id}` });
    expect(rewritten).toBe(
      [
        "See [install](https://docs.example.test/docs/install#step-2) and ![logo](https://docs.example.test/docs/~/files/s/f1 \"Logo\").",
        "",
        "[ref]: https://docs.example.test/docs/install",
        "",
        '{% file src="https://docs.example.test/docs/~/files/s/f2" %}',
        "",
        "Unknown [page](/pages/zzz), external [site](https://example.com/pages/abc).",
        "",
        "```",
        "[not a link](/pages/abc)",
        "```",
        "",
        "Inline `(/pages/abc)` code.",
      ].join("\n"),
    );
  });
});

describe("headTags", () => {
  test("canonical, Open Graph and Twitter tags, escaped; the page's cover is the preview image", async () => {
    const visible = await visibleSiteOf(structure().sections, { title: 'Acme "Docs" <3' });
    const { guides } = structure();
    const install = { ...guides.pages[1]!, cover: { ref: { kind: "file" as const, file: "cover1" }, yPos: 0 } };
    const html = headTags(request(visible), { section: visible.sections[0]!, siteSpace: { ...guides, spaceId: "space1" }, page: install });
    expect(html).toContain('<link rel="canonical" href="https://docs.example.test/docs/install">');
    expect(html).toContain('<meta property="og:title" content="Install [fast]">');
    expect(html).toContain('<meta property="og:site_name" content="Acme &quot;Docs&quot; &lt;3">');
    expect(html).toContain('<meta property="og:description" content="Get it running.">');
    expect(html).toContain('<meta property="og:image" content="https://docs.example.test/docs/~/files/space1/cover1">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain("robots");
    expect(html).not.toContain("hreflang");
  });

  test("the customization's social preview stands in for a page without cover; noindex for unlisted sites and noRobotsIndex pages", async () => {
    const { guides, sections } = structure();
    const withPreview = { ...guides, customization: { socialPreview: { url: "https://cdn.example.test/preview.png" } } };
    const publicSite = await visibleSiteOf(sections);
    const home = headTags(request(publicSite), { section: sections[0]!, siteSpace: withPreview, page: guides.pages[0]! });
    expect(home).toContain('<meta property="og:image" content="https://cdn.example.test/preview.png">');
    expect(home).toContain('<link rel="canonical" href="https://docs.example.test/docs">');
    expect(headTags(request(publicSite), { section: sections[0]!, siteSpace: guides, page: guides.pages[4]! })).toContain('<meta name="robots" content="noindex">');
    const unlisted = await visibleSiteOf(sections, { visibility: "unlisted" });
    expect(headTags(request(unlisted), { section: sections[0]!, siteSpace: guides, page: guides.pages[0]! })).toContain('<meta name="robots" content="noindex">');
    expect(headTags(request(unlisted), { section: sections[0]!, siteSpace: guides, page: guides.pages[0]! })).toContain('<meta name="twitter:card" content="summary">');
  });

  test("hreflang links each language variant to the same page there, else to its home, plus x-default", async () => {
    const { sections, english, french } = structure();
    const visible = await visibleSiteOf(sections);
    const auth = headTags(request(visible), { section: sections[1]!, siteSpace: english, page: english.pages[1]! });
    expect(auth.split("\n").filter((line) => line.includes("hreflang"))).toEqual([
      '<link rel="alternate" hreflang="en" href="https://docs.example.test/docs/api/auth">',
      '<link rel="alternate" hreflang="fr" href="https://docs.example.test/docs/api/fr/auth">',
      '<link rel="alternate" hreflang="de" href="https://docs.example.test/docs/api/de">',
      '<link rel="alternate" hreflang="x-default" href="https://docs.example.test/docs/api/auth">',
    ]);
    const frOnly = headTags(request(visible), { section: sections[1]!, siteSpace: french, page: french.pages[2]! });
    expect(frOnly).toContain('<link rel="alternate" hreflang="en" href="https://docs.example.test/docs/api">');
    expect(frOnly).toContain('<link rel="alternate" hreflang="x-default" href="https://docs.example.test/docs/api">');
  });
});
