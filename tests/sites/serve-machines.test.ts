import { describe, expect, test } from "vitest";
import { commitRevision, readPage, readPages } from "../../server/content/revisions";
import { configuredPublicUrl } from "../../server/config";
import { db } from "../../server/db/client";
import { catchUpSearchIndexes } from "../../server/search/index-space";
import { headTags } from "../../server/sites/serve/machines/head";
import { loadSiteModel } from "../../server/sites/serve/model";
import { routeSitePath } from "../../server/sites/serve/route";
import { visibleSite } from "../../server/sites/serve/visible";
import { PUBLIC_VISITOR } from "../../server/sites/serve/visitor";
import { addSection, addSiteSpace, createTenant, ORIGIN, publishedSite, spaceWithPages, visit } from "./serve-fixtures";

/**
 * What machines read of a served site, through serveSite against PostgreSQL: sitemap.xml,
 * robots.txt, `.md`, llms.txt, llms-full.txt, hreflang and search, each narrowed by the gate.
 */

const origin = configuredPublicUrl() ?? ORIGIN;
/** The machine may be busy (builds, other suites): a commit can take longer than the default 5 s. */
const BUSY = { timeout: 60_000 };

/** Page flags spaceWithPages does not write (noIndex, noRobotsIndex, language-independent), as one more revision. */
async function setFlags(spaceId: string, flags: Record<string, { noIndex?: true; noRobotsIndex?: true }>) {
  await db().$transaction(async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: spaceId } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: space.revisionId! } });
    const versions = await readPages(tx, base);
    const put = await Promise.all(
      versions
        .filter((version) => flags[version.id])
        .map(async (version) => ({ ...(await readPage(tx, base, version.id))!, ...flags[version.id] })),
    );
    const next = await commitRevision(tx, { spaceId, base, parents: [base.id], put });
    await tx.space.update({ where: { id: spaceId }, data: { revisionId: next.id } });
  }, BUSY);
}

/**
 * A public adaptive site: a default "Guides" section (home, install linking home, a hidden page,
 * a noRobotsIndex page, a noIndex page, a page for "pro" visitors only) and an "API" section in
 * English (default) and French.
 */
async function setup(visibility = "public") {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const guides = await spaceWithPages(organizationId, "Guides", [
    { title: "Welcome", slug: "welcome", markdown: "Welcome to the heron docs.\n" },
    { title: "Install", slug: "install", markdown: "Install the heron.\n" },
    { title: "Hidden heron", slug: "hidden", markdown: "A heron page out of the navigation.\n", hidden: true },
    { title: "Heron internals", slug: "internals", markdown: "Heron internals.\n" },
    { title: "Heron drafts", slug: "drafts", markdown: "Heron drafts nobody should search.\n" },
    { title: "Pro heron", slug: "pro", markdown: "Heron secrets for pro plans.\n", condition: 'visitor.claims.unsigned.plan == "pro"' },
  ]);
  const [welcomeId, installId, , internalsId, draftsId] = guides.pageIds;
  // Links are written canonically (`/pages/<id>`): rewritten here after the ids are known.
  await db().$transaction(async (tx) => {
    const space = await tx.space.findUniqueOrThrow({ where: { id: guides.space.id } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: space.revisionId! } });
    const install = (await readPage(tx, base, installId!))!;
    const next = await commitRevision(tx, { spaceId: space.id, base, parents: [base.id], put: [{ ...install, markdown: `Install the heron, then go [home](/pages/${welcomeId}#start).\n\n\`/pages/${welcomeId}\` is a canonical link.\n` }] });
    await tx.space.update({ where: { id: space.id }, data: { revisionId: next.id } });
  }, BUSY);
  await setFlags(guides.space.id, { [internalsId!]: { noRobotsIndex: true }, [draftsId!]: { noIndex: true } });
  const english = await spaceWithPages(organizationId, "API", [
    { title: "API", slug: "api", markdown: "The heron API.\n" },
    { title: "Tokens", slug: "tokens", markdown: "Heron tokens.\n" },
  ]);
  const french = await spaceWithPages(organizationId, "API (fr)", [
    { title: "API", slug: "api", markdown: "L'API du héron.\n" },
    { title: "Jetons", slug: "tokens", markdown: "Les jetons.\n" },
    { title: "Seulement en français", slug: "seulement", markdown: "Rien qu'en français.\n" },
  ]);
  await db().space.update({ where: { id: english.space.id }, data: { language: "en" } });
  await db().space.update({ where: { id: french.space.id }, data: { language: "fr" } });
  const site = await publishedSite(organizationId, { title: "Heron Docs", visibility, adaptiveContent: true });
  const guidesSection = await addSection(site.id, { title: "Guides", path: "guides", isDefault: true, position: 0 });
  const apiSection = await addSection(site.id, { title: "API", path: "api", position: 1 });
  await addSiteSpace(site.id, { spaceId: guides.space.id, sectionId: guidesSection.id, path: "guides", isDefault: true, position: 0, title: "Guides" });
  await addSiteSpace(site.id, { spaceId: english.space.id, sectionId: apiSection.id, path: "en", isDefault: true, position: 0, title: "English" });
  await addSiteSpace(site.id, { spaceId: french.space.id, sectionId: apiSection.id, path: "fr", position: 1, title: "Français" });
  await catchUpSearchIndexes({ spaceIds: [guides.space.id, english.space.id, french.space.id] });
  const base = `/${site.basename}`;
  return { site, base, url: `${origin}${base}`, guides, welcomeId };
}

const pro = [`gitbook-visitor-public=${encodeURIComponent(JSON.stringify({ plan: "pro" }))}`];

describe("sitemap.xml and robots.txt", () => {
  test("a public site's sitemap lists its listed, indexable pages; robots.txt allows and points at it", async () => {
    const { base, url } = await setup();
    const sitemap = await visit(`${base}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const locs = [...sitemap.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([url, `${url}/install`, `${url}/drafts`, `${url}/api`, `${url}/api/tokens`, `${url}/api/fr`, `${url}/api/fr/tokens`, `${url}/api/fr/seulement`]);
    expect(sitemap.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

    const robots = await visit(`${base}/robots.txt`);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(robots.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${url}/sitemap.xml\n`);
  });

  test("an unlisted site has no sitemap and disallows robots", async () => {
    const { base } = await setup("unlisted");
    expect((await visit(`${base}/sitemap.xml`)).status).toBe(404);
    const robots = await visit(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.text).toBe("User-agent: *\nDisallow: /\n");
  });
});

describe("the gate", () => {
  test("a share-link site answers none of its machine URLs without a key", async () => {
    const { base } = await setup("share-link");
    for (const path of ["sitemap.xml", "robots.txt", "llms.txt", "llms-full.txt", "install.md", "index.md", "~/search.json?q=heron", "~/search?q=heron"]) {
      const answer = await visit(`${base}/${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.text, path).not.toContain("heron");
    }
  });
});

describe("page markdown", () => {
  test("a page's markdown at its URL + .md, the home at index.md, links made published URLs, code untouched", async () => {
    const { base, url, welcomeId } = await setup();
    const install = await visit(`${base}/install.md`);
    expect(install.status).toBe(200);
    expect(install.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(install.text).toBe(`# Install\n\nInstall the heron, then go [home](${url}#start).\n\n\`/pages/${welcomeId}\` is a canonical link.\n`);
    const home = await visit(`${base}/index.md`);
    expect(home.text).toBe("# Welcome\n\nWelcome to the heron docs.\n");
    expect((await visit(`${base}/api/fr/index.md`)).text).toBe("# API\n\nL'API du héron.\n");
    expect((await visit(`${base}/api/fr/tokens.md`)).text).toBe("# Jetons\n\nLes jetons.\n");
    expect((await visit(`${base}/nothing-here.md`)).status).toBe(404);
  });

  test("a page the visitor may not see has no markdown; one whose condition holds has", async () => {
    const { base } = await setup();
    expect((await visit(`${base}/pro.md`)).status).toBe(404);
    const seen = await visit(`${base}/pro.md`, { cookies: pro });
    expect(seen.status).toBe(200);
    expect(seen.text).toContain("Heron secrets for pro plans.");
  });
});

describe("llms.txt and llms-full.txt", () => {
  test("llms.txt lists each section and variant's pages as .md links; two visitors with different claims read different files", async () => {
    const { base, url } = await setup();
    const anonymous = await visit(`${base}/llms.txt`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(anonymous.text).toBe(
      [
        "# Heron Docs",
        "",
        "> The Heron Docs documentation.",
        "",
        "## Guides",
        "",
        `- [Welcome](${url}/index.md)`,
        `- [Install](${url}/install.md)`,
        `- [Heron internals](${url}/internals.md)`,
        `- [Heron drafts](${url}/drafts.md)`,
        "",
        "## API (English)",
        "",
        `- [API](${url}/api/index.md)`,
        `- [Tokens](${url}/api/tokens.md)`,
        "",
        "## API (Français)",
        "",
        `- [API](${url}/api/fr/index.md)`,
        `- [Jetons](${url}/api/fr/tokens.md)`,
        `- [Seulement en français](${url}/api/fr/seulement.md)`,
        "",
      ].join("\n"),
    );
    const proText = (await visit(`${base}/llms.txt`, { cookies: pro })).text;
    expect(proText).toContain(`- [Pro heron](${url}/pro.md)`);
    expect(anonymous.text).not.toContain("Pro heron");
  });

  test("llms-full.txt holds every listed page's markdown with its source", async () => {
    const { base, url } = await setup();
    const full = (await visit(`${base}/llms-full.txt`)).text;
    expect(full.startsWith(`# Welcome\n\nWelcome to the heron docs.\n\nSource: ${url}/index.md\n\n# Install\n`)).toBe(true);
    expect(full).toContain("# Seulement en français\n\nRien qu'en français.\n\nSource:");
    expect(full).not.toContain("Hidden heron");
    expect(full).not.toContain("Pro heron");
    expect((await visit(`${base}/llms-full.txt`, { cookies: pro })).text).toContain("# Pro heron\n\nHeron secrets for pro plans.");
  });
});

describe("search", () => {
  test("~/search.json finds across sections and variants, never a hidden, noIndex or conditioned-out page", async () => {
    const { base } = await setup();
    const answer = await visit(`${base}/~/search.json?q=heron&limit=50`);
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text) as { results: { title: string; href: string; section?: string; variant?: string }[]; count: number };
    expect(body.results.map((result) => result.title).sort()).toEqual(["API", "Heron internals", "Install", "Tokens", "Welcome"]);
    expect(body.count).toBe(5);
    expect(body.results.find((result) => result.title === "Tokens")).toMatchObject({ href: `${base}/api/tokens`, section: "API", variant: "English" });

    const proBody = JSON.parse((await visit(`${base}/~/search.json?q=heron&limit=50`, { cookies: pro })).text);
    expect(proBody.results.map((result: { title: string }) => result.title)).toContain("Pro heron");
    for (const q of ["secrets", "drafts", "navigation"]) expect(JSON.parse((await visit(`${base}/~/search.json?q=${q}`)).text).count, q).toBe(0);
  });

  test("~/search.json refuses an overlong query and a bad limit; ~/search answers without JavaScript", async () => {
    const { base } = await setup();
    expect((await visit(`${base}/~/search.json?q=${"a".repeat(513)}`)).status).toBe(400);
    expect((await visit(`${base}/~/search.json?q=heron&limit=51`)).status).toBe(400);
    expect((await visit(`${base}/~/search.json?q=heron&limit=1e3`)).status).toBe(400);
    const page = await visit(`${base}/~/search?q=${encodeURIComponent("heron <>")}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.text).toContain("pages found for “heron &lt;&gt;”");
    expect(page.text).toContain(`<a href="${base}/install">Install</a>`);
    expect(page.text).toContain("<mark>heron</mark>");
    expect(page.text).not.toContain("Pro heron");
  });
});

describe("head tags", () => {
  /** headTags for a path of the served site, as render asks it for a page. */
  async function headOf(site: { id: string; basename: string }, path: string) {
    const visible = visibleSite((await loadSiteModel(site.id))!, PUBLIC_VISITOR);
    const address = { siteId: site.id, origin, basePath: `/${site.basename}` };
    const route = await routeSitePath(visible, path);
    if (route.kind !== "page") throw new Error(`${path} is not a page`);
    const url = new URL(`${origin}/${site.basename}/${path}`);
    return headTags({ request: new Request(url), url, address, visible, rest: path }, route);
  }

  test("a translated page links its other languages and x-default; its canonical URL is absolute", async () => {
    const { site, url } = await setup();
    const tokens = await headOf(site, "api/fr/tokens");
    expect(tokens).toContain(`<link rel="canonical" href="${url}/api/fr/tokens">`);
    expect(tokens).toContain(`<meta property="og:site_name" content="Heron Docs">`);
    expect(tokens).toContain(`<link rel="alternate" hreflang="en" href="${url}/api/tokens">`);
    expect(tokens).toContain(`<link rel="alternate" hreflang="fr" href="${url}/api/fr/tokens">`);
    expect(tokens).toContain(`<link rel="alternate" hreflang="x-default" href="${url}/api/tokens">`);
    expect(tokens).not.toContain("robots");
    expect(await headOf(site, "api/fr/seulement")).toContain(`<link rel="alternate" hreflang="en" href="${url}/api">`);
    expect(await headOf(site, "install")).not.toContain("hreflang");
    expect(await headOf(site, "internals")).toContain('<meta name="robots" content="noindex">');
  });

  test("served pages carry them, with one robots tag", async () => {
    const { base, url } = await setup();
    const page = await visit(`${base}/api/fr/tokens`);
    expect(page.text).toContain(`<link rel="canonical" href="${url}/api/fr/tokens">`);
    expect(page.text).toContain(`<link rel="alternate" hreflang="en" href="${url}/api/tokens">`);
    const internals = await visit(`${base}/internals`);
    expect(internals.text.match(/<meta name="robots"/g)).toHaveLength(1);
  });
});
