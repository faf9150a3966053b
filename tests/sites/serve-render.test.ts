import { createHash } from "node:crypto";
import { brotliCompressSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { siteSettings, mergeSettings } from "../../server/sites/customization/settings";
import { ASSET_PATTERN, renderContentHtml, renderNotFound, renderSignInRequired, renderPage, renderShell, serveAsset, siteStyles, THEME_SCRIPT_CSP, type RenderRequest } from "../../server/sites/serve/render";
import { assetHash, siteAsset } from "../../server/sites/serve/render/assets";
import type { ModelPage, ModelSection, ModelSiteSpace, VisibleSite } from "../../server/sites/serve/types";
import { newId } from "../../server/ids";
import { LAYOUT_PRESETS } from "../../server/content/page-display";
import { MAX_NESTING } from "../../server/content/format/markdown-limits";
import { createInitialRevision } from "../../server/content/revisions";
import { commitPages, createOrganization, createSite } from "../helpers/factories";

/** The published site's HTML: each block kind, the chrome and the customization, hidden pages, robots, escaping. */

type PageSpec = { title: string; slug: string; markdown?: string; parent?: string; hidden?: boolean; noRobotsIndex?: boolean; description?: string; emoji?: string };

/** A space with `pages` committed, as the model would describe its site space (the model's loader is helper "model"'s). */
async function siteSpaceOf(organizationId: string, pages: PageSpec[], options: { title?: string; path?: string; isDefault?: boolean; customization?: object; siteCustomization?: object } = {}) {
  const space = await db().space.create({ data: { id: newId(), organizationId, title: options.title ?? "Guides" } });
  const initial = await createInitialRevision(db(), space.id, { empty: true });
  await db().space.update({ where: { id: space.id }, data: { revisionId: initial.id } });
  const ids = new Map(pages.map((page) => [page.slug, newId()]));
  const revision = await commitPages(
    space.id,
    pages.map((page, index) => ({ id: ids.get(page.slug)!, title: page.title, slug: page.slug, markdown: page.markdown ?? "", parentId: page.parent ? ids.get(page.parent)! : null, sortKey: index + 1, emoji: page.emoji })),
  );
  const byId = new Map<string, ModelPage>();
  const model: ModelPage[] = pages.map((page, index) => {
    const parent = page.parent ? byId.get(ids.get(page.parent)!) : undefined;
    const entry: ModelPage = {
      id: ids.get(page.slug)!,
      title: page.title,
      slug: page.slug,
      path: index === 0 ? "" : parent && parent.path ? `${parent.path}/${page.slug}` : page.slug,
      parentId: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
      description: page.description ?? "",
      emoji: page.emoji,
      hidden: page.hidden ?? false,
      noIndex: false,
      noRobotsIndex: page.noRobotsIndex ?? false,
      condition: null,
      updatedAt: "2026-03-04T10:00:00.000Z",
    };
    byId.set(entry.id, entry);
    return entry;
  });
  const siteSpace: ModelSiteSpace = {
    id: newId(),
    title: options.title ?? "Guides",
    path: options.path ?? "",
    isDefault: options.isDefault ?? true,
    condition: null,
    spaceId: space.id,
    language: null,
    revisionId: revision.id,
    customization: mergeSettings(siteSettings({ customization: options.siteCustomization ?? {} }), (options.customization ?? {}) as Record<string, unknown>),
    pages: model,
  };
  return siteSpace;
}

async function siteWith(options: { visibility?: string; title?: string; customization?: object; pages?: PageSpec[]; sections?: { title: string; path: string; siteSpaces: ModelSiteSpace[] }[] } = {}) {
  const organization = await createOrganization();
  const site = await createSite(organization.id, { title: options.title ?? "Acme Docs", visibility: options.visibility ?? "public", published: true, customization: options.customization ?? {} });
  const root = options.sections ? [] : [await siteSpaceOf(organization.id, options.pages ?? defaultPages, { siteCustomization: options.customization })];
  const sections: ModelSection[] = (options.sections ?? []).map((section, index) => ({
    id: newId(),
    title: section.title,
    description: null,
    icon: null,
    path: section.path,
    isDefault: index === 0,
    condition: null,
    sectionGroupId: null,
    siteSpaces: section.siteSpaces,
  }));
  const visible: VisibleSite = {
    site,
    version: "v1",
    customization: siteSettings(site),
    adaptiveSchema: null,
    scripts: null,
    topLevel: sections.map((section) => ({ type: "section" as const, section })),
    sections,
    rootSiteSpaces: root,
    visitor: { via: "public", claims: {}, segment: "public" },
  };
  const req = (rest = ""): RenderRequest => {
    const url = new URL(`http://quire.test/${site.basename}/${rest}`);
    return { request: new Request(url), url, address: { siteId: site.id, origin: url.origin, basePath: `/${site.basename}` }, visible, rest };
  };
  return { organization, site, visible, req, siteSpace: root[0] };
}

const defaultPages: PageSpec[] = [
  { title: "Welcome", slug: "welcome", markdown: "Hello **readers**.\n\n## Install\n\ntext\n\n### Linux\n\nmore" },
  { title: "Guides", slug: "guides", markdown: "Guides." },
  { title: "Deploying", slug: "deploying", parent: "guides", markdown: "Deploy." },
  { title: "Secret", slug: "secret", hidden: true, markdown: "Hidden page." },
  { title: "Under the secret", slug: "under", parent: "secret" },
  { title: "Reference", slug: "reference" },
  { title: "Endpoints", slug: "endpoints", parent: "reference" },
];

const page = (siteSpace: ModelSiteSpace, slug: string) => siteSpace.pages.find((each) => each.slug === slug)!;

describe("renderContentHtml: the admin reader's blocks as HTML", () => {
  test("hints, titled and highlighted code, tabs (all panels readable without JS), expandables, files, embeds, tables, task lists, images, links and variables", async () => {
    const markdown = [
      '{% hint style="warning" %}\nMind the **gap**.\n{% endhint %}',
      '{% code title="app.ts" %}\n```ts\nconst answer = 42;\n```\n{% endcode %}',
      '{% tabs %}\n{% tab title="npm" %}\nnpm i quire\n{% endtab %}\n{% tab title="yarn" %}\nyarn add quire\n{% endtab %}\n{% endtabs %}',
      "<details>\n<summary>More</summary>\n\nHidden until opened.\n\n</details>",
      '{% file src="/files/f1" %}\nThe manual\n{% endfile %}',
      '{% embed url="https://www.youtube.com/watch?v=quire" %}',
      "| Name | Value |\n| --- | --- |\n| a | 1 |",
      "- [x] Write the guide\n- [ ] Review it",
      "![Diagram](/files/img1)",
      "[Next page](/pages/p2#setup) and [elsewhere](https://example.com)",
      "Version {{ space.vars.version }} of {{ page.vars.product }}",
    ].join("\n\n");
    const html = await renderContentHtml(markdown, {
      links: { page: (id) => (id === "p2" ? "/docs/next" : undefined), file: (id) => `/docs/~/files/s1/${id}`, fileInfo: (id) => (id === "f1" ? { name: "manual.pdf", contentType: "application/pdf", size: 2048 } : undefined) },
      variables: { space: { version: "2.1" }, page: { product: "Quire" } },
    });
    expect(html).toContain('<aside class="hint hint-warning" role="note" aria-label="Warning" data-hint="warning">');
    expect(html).toMatch(/<div class="hint-body">\s*<p>Mind the <strong>gap<\/strong>\.<\/p>/);
    expect(html).toMatch(/<figure class="code-block">\s*<figcaption>app\.ts<\/figcaption>/);
    expect(html).toContain('<pre tabindex="0"><code class="hljs language-ts"><span class="hljs-keyword">const</span>');
    expect(html).toMatch(/<div class="tabs"><section class="tab-panel"><p class="tab-title">npm<\/p>\s*<p>npm i quire<\/p>\s*<\/section><section class="tab-panel"><p class="tab-title">yarn<\/p>/);
    expect(html).toMatch(/<details>\s*<summary>More<\/summary>\s*<p>Hidden until opened\.<\/p>/);
    expect(html).toContain('<a href="/docs/~/files/s1/f1" download="manual.pdf" class="file-link">');
    expect(html).toContain('<span class="file-name">manual.pdf</span><span class="file-details">application/pdf · 2.0 KB</span>');
    expect(html).toMatch(/<div class="embed">\s*<p><a href="https:\/\/www\.youtube\.com\/watch\?v=quire">/);
    expect(html).toMatch(/<div class="table-wrap" tabindex="0"><table>/);
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Write the guide">');
    expect(html).toContain('<img src="/docs/~/files/s1/img1" alt="Diagram" loading="lazy" decoding="async">');
    expect(html).toContain('<a href="/docs/next#setup">Next page</a>');
    expect(html).toContain('<a href="https://example.com">elsewhere</a>');
    expect(html).toContain("Version 2.1 of Quire");
  });

  test("external links open in a new tab only when the site asks", async () => {
    expect(await renderContentHtml("[x](https://example.com)", { externalLinksTarget: "blank" })).toContain('<a href="https://example.com" target="_blank" rel="noreferrer noopener">');
    expect(await renderContentHtml("[x](https://example.com)")).not.toContain("target=");
  });

  test("hostile markdown cannot inject HTML: raw HTML is shown as text, script URLs are dropped", async () => {
    const html = await renderContentHtml(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) ![x](javascript:alert(4))\n\n{% hint style="info\\" onmouseover=\\"alert(5)" %}\nx\n{% endhint %}\n\n{% tab title="<b>t</b>" %}\n\n{% embed url="javascript:alert(6)" %}',
    );
    // Only the renderer's own tags: no script, no event handler attribute, no script URL in an attribute.
    expect(html).not.toMatch(/<script|<img src="x"|<b>/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/(href|src)="javascript:/i);
    expect(html).toContain("&#x3C;script>alert(1)&#x3C;/script>");
  });
});

describe("renderPage", () => {
  test("the page in its chrome: landmarks, skip link, tree without hidden pages, current page and its ancestors, outline, breadcrumbs, pager, last updated", async () => {
    const { req, siteSpace } = await siteWith();
    const response = await renderPage(req("guides/deploying"), { kind: "page", section: null, siteSpace: siteSpace!, page: page(siteSpace!, "deploying") });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    for (const landmark of ['<a class="skip-link" href="#main">', '<header class="site-header">', '<nav class="tree" aria-label="Pages">', '<main id="main" tabindex="-1">', '<footer class="site-footer">']) {
      expect(html).toContain(landmark);
    }
    const base = req().address.basePath;
    expect(html).toContain(`<a href="${base}/guides/deploying" aria-current="page">Deploying</a>`);
    // The ancestor is expanded; other branches show their first level only.
    expect(html).toContain(`<li class="branch open"><a href="${base}/guides">Guides</a><ul>`);
    expect(html).toContain(`<li class="branch"><a href="${base}/reference">Reference</a></li>`);
    expect(html).not.toContain("Secret");
    expect(html).not.toContain("Under the secret");
    expect(html).toContain(`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="${base}/guides">Guides</a></li></ol></nav>`);
    expect(html).toContain(`<a class="pager-prev" href="${base}/guides" rel="prev">`);
    expect(html).toContain(`<a class="pager-next" href="${base}/reference" rel="next">`);
    expect(html).toContain('Last updated <time datetime="2026-03-04T10:00:00.000Z">March 4, 2026</time>');
    expect(html).toContain("<title>Deploying · Acme Docs</title>");
    expect(html).not.toContain('name="robots"');
    expect(html).toMatch(/<script src="\/[^"]+\/~\/assets\/site\.[0-9a-f]{12}\.js" defer><\/script>/);
    expect(html).toContain(`data-site-space="${siteSpace!.id}" data-page="${page(siteSpace!, "deploying").id}"`);

    const home = await (await renderPage(req(), { kind: "page", section: null, siteSpace: siteSpace!, page: page(siteSpace!, "welcome") })).text();
    expect(home).toContain('<aside class="outline" aria-labelledby="outline-title"><div class="outline-inner"><h2 id="outline-title">On this page</h2><ul><li><a href="#install">Install</a></li><li class="sub"><a href="#linux">Linux</a></li></ul>');
    expect(home).toContain('<h2 id="install">Install</h2>');
  });

  test("the page's layout decides: a cover (light and dark), no title, no tree, outline or pager on a landing page", async () => {
    const { req, siteSpace } = await siteWith({ pages: [{ title: "Home", slug: "home", description: "Hello", markdown: "## Part\n\ntext" }, { title: "Next one", slug: "next" }] });
    const home = page(siteSpace!, "home");
    const landing = { ...LAYOUT_PRESETS.landing, title: false };
    const cover = { ref: { kind: "url" as const, url: "https://cdn.example.com/c.png" }, refDark: { kind: "file" as const, file: "f9" }, yPos: 0, height: 300 };
    const html = await (await renderPage(req(), { kind: "page", section: null, siteSpace: siteSpace!, page: { ...home, layout: landing, cover } })).text();
    expect(html).toContain('<div class="cover-wrap cover-hero"><img class="cover only-light" src="https://cdn.example.com/c.png" alt="" style="height:300px;object-position:50% 50%">');
    expect(html).toContain(`<img class="cover only-dark" src="${req().address.basePath}/~/files/${siteSpace!.spaceId}/f9"`);
    expect(html).toContain('<h1 class="sr-only">Home</h1>');
    expect(html).toContain('class="layout no-sidebar no-aside wide"');
    expect(html).not.toContain('aria-label="Pages"');
    expect(html).not.toContain("On this page");
    expect(html).not.toContain('rel="next"');
    expect(html).not.toContain("Last updated");
  });

  test("noindex for an unlisted site and for a page that asks robots not to index it", async () => {
    const unlisted = await siteWith({ visibility: "unlisted" });
    const html = await (await renderPage(unlisted.req(), { kind: "page", section: null, siteSpace: unlisted.siteSpace!, page: page(unlisted.siteSpace!, "welcome") })).text();
    expect(html).toContain('<meta name="robots" content="noindex">');

    const pub = await siteWith({ pages: [{ title: "Home", slug: "home" }, { title: "Draft", slug: "draft", noRobotsIndex: true }] });
    const draft = await (await renderPage(pub.req("draft"), { kind: "page", section: null, siteSpace: pub.siteSpace!, page: page(pub.siteSpace!, "draft") })).text();
    expect(draft).toContain('<meta name="robots" content="noindex">');
  });

  test("sections as tabs, site spaces as a variant switcher of links", async () => {
    const organization = await createOrganization();
    const v1 = await siteSpaceOf(organization.id, [{ title: "Start", slug: "start" }], { title: "v1", path: "" });
    const v2 = await siteSpaceOf(organization.id, [{ title: "Start", slug: "start" }], { title: "v2", path: "v2", isDefault: false });
    const api = await siteSpaceOf(organization.id, [{ title: "API home", slug: "api" }], { title: "API" });
    const { req } = await siteWith({ sections: [{ title: "Guides", path: "", siteSpaces: [v1, v2] }, { title: "API", path: "api", siteSpaces: [api] }] });
    const r = req("v2");
    const html = await (await renderPage(r, { kind: "page", section: r.visible.sections[0]!, siteSpace: v2, page: v2.pages[0]! })).text();
    const base = r.address.basePath;
    expect(html).toContain(`<nav class="sections" aria-label="Sections"><ul><li><a href="${base}" class="tab" aria-current="page">Guides</a></li><li><a href="${base}/api" class="tab">API</a></li></ul></nav>`);
    expect(html).toContain(`<details class="menu variants"><summary><span class="sr-only">Version: </span>v2`);
    expect(html).toContain(`<li><a href="${base}">v1</a></li><li><a href="${base}/v2" aria-current="true">v2</a></li>`);
  });

  test("the customization: theme, colors made readable, corners, dark default, no toggle when not toggleable, logo, favicon, header links and dropdowns, footer, announcement, external links", async () => {
    const customization = {
      title: "Custom Title",
      styling: { theme: "bold", primaryColor: { light: "#ffee00", dark: "#ffee00" }, corners: "rounded", font: "Roboto" },
      themes: { default: "dark", toggeable: false },
      header: {
        logo: { light: "https://cdn.example.com/logo.svg", dark: "https://cdn.example.com/logo-dark.svg" },
        links: [
          { title: "Blog", to: { kind: "url", url: "https://example.com/blog" }, links: [] },
          { title: "Products", to: null, links: [{ title: "Cloud", to: { kind: "url", url: "https://example.com/cloud" } }] },
          { title: "Members only", to: { kind: "url", url: "https://example.com/m" }, links: [], condition: "visitor.claims.member == true" },
        ],
      },
      footer: { groups: [{ title: "Company", links: [{ title: "About", to: { kind: "url", url: "https://example.com/about" } }] }], copyright: "© 2026 Acme" },
      announcement: { enabled: true, message: "Version 3 is out", style: "success", link: { title: "Read more", to: { kind: "url", url: "https://example.com/v3" } } },
      favicon: { emoji: "📘" },
      externalLinks: { target: "blank" },
      pdf: { enabled: true },
      feedback: { enabled: true },
    };
    const { req, siteSpace } = await siteWith({ customization, pages: [{ title: "Home", slug: "home", markdown: "[out](https://example.org)" }] });
    const r = req();
    const html = await (await renderPage(r, { kind: "page", section: null, siteSpace: siteSpace!, page: siteSpace!.pages[0]! })).text();
    expect(html).toContain('class="theme-bold corners-rounded"');
    expect(html).toContain("<title>Home · Custom Title</title>");
    // A yellow primary is darkened until links keep 4.5:1 on white.
    const primary = /:root\{--primary:(#[0-9a-f]{6})/.exec(html)![1]!;
    expect(primary).not.toBe("#ffee00");
    expect(html).toContain("--radius:8px");
    expect(html).toContain('--font:"Roboto", system-ui');
    expect(html).toContain('data-theme="dark">');
    expect(html).not.toContain('class="icon-button theme-toggle"');
    // The site's name stays written beside the logo.
    expect(html).toMatch(/<a class="brand" href="[^"]*"><img class="logo only-light" src="https:\/\/cdn\.example\.com\/logo\.svg" alt=""><img class="logo only-dark" src="https:\/\/cdn\.example\.com\/logo-dark\.svg" alt=""><span class="brand-name">Custom Title<\/span><\/a>/);
    expect(html).toContain('<link rel="icon" href="data:image/svg+xml,');
    expect(html).toContain('<a class="header-link" href="https://example.com/blog" target="_blank" rel="noreferrer noopener">Blog</a>');
    expect(html).toMatch(/<details class="menu"><summary class="header-link">Products<svg[^]*?<\/summary><ul class="menu-list"><li><a href="https:\/\/example\.com\/cloud"/);
    expect(html).not.toContain("Members only");
    expect(html).toContain('<h2 id="footer-group-0">Company</h2>');
    expect(html).toContain('<p class="copyright">© 2026 Acme</p>');
    expect(html).toContain('<div class="announcement announcement-success" role="region" aria-label="Announcement"><p>Version 3 is out <a href="https://example.com/v3"');
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noreferrer noopener">out</a>');
    const base = r.address.basePath;
    expect(html).toContain(`<a href="${base}/~/pdf/page/${siteSpace!.id}/${siteSpace!.pages[0]!.id}">`);
    expect(html).toContain(`<a href="${base}/~/pdf/space/${siteSpace!.id}">`);
    expect(html).toContain(`<form class="feedback" id="feedback" method="post" action="${base}/~/feedback"><input type="hidden" name="siteSpaceId" value="${siteSpace!.id}"><input type="hidden" name="pageId" value="${siteSpace!.pages[0]!.id}">`);
    for (const rating of ["good", "ok", "bad"]) expect(html).toContain(`name="rating" value="${rating}"`);
    // The optional comment travels with the rating button that submits the form.
    expect(html).toContain(`<label for="feedback-comment">Comment (optional, sent with your answer)</label><textarea id="feedback-comment" name="comment" maxlength="512"`);
  });

  test("by default: light, a toggle, no PDF links, no feedback form", async () => {
    const { req, siteSpace } = await siteWith();
    const html = await (await renderPage(req(), { kind: "page", section: null, siteSpace: siteSpace!, page: siteSpace!.pages[0]! })).text();
    expect(html).toContain('data-theme="light" data-theme-toggle>');
    // The inline theme script is the one the content security policy allows by its hash.
    const inline = /<script>([^<]*)<\/script>/.exec(html)![1]!;
    expect(THEME_SCRIPT_CSP).toBe(`'sha256-${createHash("sha256").update(inline).digest("base64")}'`);
    expect(html).toContain("data-theme-toggle hidden");
    expect(html).not.toContain("~/pdf/");
    expect(html).not.toContain("~/feedback");
  });

  test("hostile titles, descriptions and settings are escaped everywhere", async () => {
    const evil = '"><script>alert(1)</script>';
    const { req, siteSpace } = await siteWith({
      title: `Site ${evil}`,
      customization: {
        footer: { copyright: evil, groups: [{ title: evil, links: [{ title: evil, to: { kind: "url", url: "https://example.com/?q=%22%3E" } }] }] },
        announcement: { enabled: true, message: evil, style: "info" },
        header: { links: [{ title: evil, to: { kind: "url", url: "https://example.com" }, links: [] }] },
        favicon: { emoji: "</style><script>" },
      },
      pages: [{ title: `Page ${evil}`, slug: "home", description: evil, emoji: "<b>", markdown: `# ${evil}` }, { title: evil, slug: "two" }],
    });
    const html = await (await renderPage(req(), { kind: "page", section: null, siteSpace: siteSpace!, page: siteSpace!.pages[0]! })).text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>");
    expect(html.match(/<script/g)!.length).toBe(2); // the theme script and site.js
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("the page actions menu", () => {
  const render = async (options: { visibility?: string; customization?: object } = {}) => {
    const { req, siteSpace } = await siteWith({ ...options, pages: [{ title: "Home", slug: "home" }, { title: "Guide", slug: "guide" }] });
    const r = req("guide");
    const html = await (await renderPage(r, { kind: "page", section: null, siteSpace: siteSpace!, page: page(siteSpace!, "guide") })).text();
    return { html, markdownUrl: `${r.address.origin}${r.address.basePath}/guide.md` };
  };

  test("by default (markdown, external AI): Copy page as the main button once site.js shows it, the .md and two assistants as links with the page's .md URL", async () => {
    const { html, markdownUrl } = await render();
    expect(html).toContain(`<div class="page-menu" data-copy-first><button type="button" class="button" data-copy-page="${markdownUrl}" hidden>`);
    expect(html).toContain(`<li hidden data-js-only><button type="button" data-copy-page="${markdownUrl}">`);
    expect(html).toContain(`<li><a href="${markdownUrl}">`);
    const prompt = encodeURIComponent(`Read ${markdownUrl} so I can ask questions about it.`);
    expect(html).toContain(`<a href="https://chatgpt.com/?hints=search&amp;q=${prompt}" target="_blank" rel="noopener noreferrer">`);
    expect(html).toContain(`<a href="https://claude.ai/new?q=${prompt}" target="_blank" rel="noopener noreferrer">`);
    // Beside the title, in the page's header.
    expect(html).toMatch(/<header class="page-header"><div class="page-title-row"><h1>Guide<\/h1><div class="page-menu"/);
  });

  test("only what the customization lists, in its order; no assistant for a site they could not read; no menu when nothing is offered", async () => {
    const aiOnly = await render({ customization: { pageActions: { items: ["external-ai", "pdf"] } } });
    expect(aiOnly.html).toContain('<div class="page-menu"><details class="menu">');
    expect(aiOnly.html).not.toContain("data-copy-page");
    expect(aiOnly.html).toContain("Open in ChatGPT");
    const restricted = await render({ visibility: "share-link" });
    expect(restricted.html).toContain("View as Markdown");
    expect(restricted.html).not.toContain("chatgpt.com");
    const none = await render({ customization: { pageActions: { items: [] } } });
    expect(none.html).not.toContain("page-menu");
    const neither = await render({ visibility: "share-link", customization: { pageActions: { items: ["external-ai"] } } });
    expect(neither.html).not.toContain("page-menu");
  });
});

describe("renderNotFound and renderShell", () => {
  test("404 with the search form and a link home, noindex", async () => {
    const { req } = await siteWith();
    const r = req("nope");
    const response = await renderNotFound(r);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<form role="search" aria-label="This site" class="search-inline" action="${r.address.basePath}/~/search">`);
    expect(html).toContain('name="q"');
    expect(html).toContain(`<a href="${r.address.basePath}">the home page</a>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  test("any content in the site's chrome, with its status", async () => {
    const { req } = await siteWith();
    const response = await renderShell(req(), { title: "Access denied", mainHtml: "<h1>Sign in</h1>", status: 401, robots: "noindex" });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('<main id="main" tabindex="-1"><h1>Sign in</h1></main>');
    expect(html).toContain("<title>Access denied · Acme Docs</title>");
  });
});

describe("renderSignInRequired", () => {
  test("a reader a visitor-authenticated site turns away gets the site's name and look, and none of its navigation, search or content", async () => {
    const { req, visible, siteSpace } = await siteWith({ visibility: "visitor-auth", customization: { footer: { copyright: "© Acme" } } });
    const r = req("welcome");
    const response = renderSignInRequired(r.request, r.url, r.address, visible);
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("<h1>Sign-in required</h1>");
    expect(html).toContain('<span class="brand-name">Acme Docs</span>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    for (const hidden of [...siteSpace!.pages.map((each) => each.title), "~/search", "© Acme", 'aria-label="Pages"']) expect(html).not.toContain(hidden);
  });
});

describe("assets", () => {
  test("served at their hash, immutable, compressed; another hash is a 404", async () => {
    const { req } = await siteWith();
    const path = `~/assets/site.${assetHash("css")}.css`;
    const r = req(path);
    const request = new Request(r.url, { headers: { "accept-encoding": "gzip, br" } });
    const response = await serveAsset({ ...r, request }, ASSET_PATTERN.exec(path)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(siteStyles()).toContain(".quire-markdown");
    const stale = `~/assets/site.000000000000.js`;
    expect((await serveAsset(req(stale), ASSET_PATTERN.exec(stale)!)).status).toBe(404);
  });

  test("a typical page is within budget: HTML + CSS ≤ 60 KB and JS ≤ 50 KB compressed", async () => {
    const pages: PageSpec[] = Array.from({ length: 40 }, (_, index) => ({ title: `Page ${index}`, slug: `page-${index}`, markdown: "## Section\n\nSome text with `code` and a [link](https://example.com).\n\n```js\nconsole.log(1);\n```\n".repeat(6) }));
    const { req, siteSpace } = await siteWith({ pages });
    const html = await (await renderPage(req("page-5"), { kind: "page", section: null, siteSpace: siteSpace!, page: siteSpace!.pages[5]! })).text();
    const [css, js] = await Promise.all([siteAsset("css"), siteAsset("js")]);
    const htmlBr = brotliCompressSync(Buffer.from(html)).length;
    console.info(`typical page: HTML ${html.length} B (${htmlBr} B br) + CSS ${css.body.length} B (${css.br.length} B br); JS ${js.body.length} B (${js.br.length} B br)`);
    expect(htmlBr + css.br.length).toBeLessThan(60 * 1024);
    expect(js.br.length).toBeLessThan(50 * 1024);
  });
});

describe("hostile nesting", () => {
  test("a page quoted hundreds of levels deep (stored before the limit) renders flattened at the editor's depth, its words kept", async () => {
    const html = await renderContentHtml(`${"> ".repeat(400)}the deepest **words**`);
    expect(html.match(/<blockquote>/g)?.length).toBeLessThanOrEqual(MAX_NESTING);
    expect(html).toContain("the deepest words");
  });
});
