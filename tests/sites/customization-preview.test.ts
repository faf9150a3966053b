import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { createSpace } from "../../server/spaces/create-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { addSiteSpaces, commitPages, createSite, createTenant } from "../helpers/factories";

/**
 * The customization editor's preview (tRPC siteCustomization.preview): the site's own pages through
 * the published site's renderer, with the customization being edited and not saved, for an
 * unpublished site too; the scope's rules (the site's draft under a variant's override, or the
 * variant's settings as a whole); and who may see it.
 */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE_URL };
  const guides = await createSpace(ctx, organizationId, { title: "Guides", empty: true });
  const changelog = await createSpace(ctx, organizationId, { title: "Changelog", empty: true });
  await commitPages(guides.id, [
    { title: "Welcome", slug: "welcome", markdown: "Hello **readers**.\n\n```ts\nconst answer = 42;\n```\n" },
    { title: "Setup", slug: "setup", markdown: "Install it." },
    { title: "Secret", slug: "secret", markdown: "Hidden." },
  ]);
  await commitPages(changelog.id, [{ title: "Releases", slug: "releases", markdown: "Version 2." }]);
  const site = await createSite(organizationId, { title: "Acme Docs" });
  const [guidesSiteSpace, changelogSiteSpace] = await addSiteSpaces(site.id, [guides.id, changelog.id]);
  // The variant of the changelog keeps a color of its own over whatever the site's is.
  await db().siteSpace.update({ where: { id: changelogSiteSpace!.id }, data: { customization: { styling: { primaryColor: { light: "#0f766e", dark: "#0f766e" } } } } });
  const ids = { organizationId, siteId: site.id };
  return { tenant, ids, site, guidesSiteSpace: guidesSiteSpace!, changelogSiteSpace: changelogSiteSpace!, admin: createCaller(ctx) };
}

const draft = { styling: { primaryColor: { light: "#be123c", dark: "#fb7185" }, theme: "bold" as const }, announcement: { enabled: true, message: "Version 2 is out", style: "info" as const } };

describe("siteCustomization.preview", () => {
  test("an unpublished site's first page, rendered as published with the unsaved customization: stylesheet and script inline, the scheme asked for, links leading nowhere, no page view counted", async () => {
    const { ids, admin, guidesSiteSpace } = await setup();
    const preview = await admin.siteCustomization.preview({ ...ids, draftOf: "site", mode: "dark", customization: draft });
    expect(preview.siteSpaceId).toBe(guidesSiteSpace.id);
    expect(preview.pages.map((page) => page.title)).toEqual(["Welcome", "Setup", "Secret"]);
    const html = preview.html!;
    expect(html).toMatch(/<h1>Welcome<\/h1>/);
    expect(html).toContain("Hello <strong>readers</strong>.");
    expect(html).toContain('class="theme-bold corners-straight" data-theme="dark">');
    expect(html).toContain("--primary-fill:#be123c");
    expect(html).toContain("Version 2 is out");
    // Nothing to fetch from an address the frame does not have: the stylesheet and the script are in the page.
    expect(html).not.toContain("~/assets/");
    expect(html).toContain(".quire-markdown");
    expect(html).toContain("Quire's published sites: enhancements only.");
    expect(html).toContain('<base target="_blank">');
    expect(html).not.toContain("data-page=");
    // The site's own addresses, as readers will have them.
    expect(html).toContain(`href="${BASE_URL}/${(await db().site.findUniqueOrThrow({ where: { id: ids.siteId } })).basename}/index.md"`);
  });

  test("another page of the variant; a variant's own settings as the draft; the site's draft under a variant's override", async () => {
    const { ids, admin, changelogSiteSpace } = await setup();
    const first = await admin.siteCustomization.preview({ ...ids, draftOf: "site", mode: "light", customization: draft });
    const setup_ = first.pages.find((page) => page.title === "Setup")!;
    const second = await admin.siteCustomization.preview({ ...ids, pageId: setup_.id, draftOf: "site", mode: "light", customization: draft });
    expect(second.pageId).toBe(setup_.id);
    expect(second.html).toMatch(/<h1>Setup<\/h1>/);
    expect(second.html).toContain('data-theme="light"');

    const underOverride = await admin.siteCustomization.preview({ ...ids, siteSpaceId: changelogSiteSpace.id, draftOf: "site", mode: "light", customization: draft });
    expect(underOverride.html).toMatch(/<h1>Releases<\/h1>/);
    expect(underOverride.html).toContain("--primary-fill:#0f766e");
    const asVariant = await admin.siteCustomization.preview({ ...ids, siteSpaceId: changelogSiteSpace.id, draftOf: "site-space", mode: "light", customization: draft });
    expect(asVariant.html).toContain("--primary-fill:#be123c");
  });

  test("a site without content has nothing to preview; an unknown variant is not found; another organization's member finds no site", async () => {
    const { ids, admin, tenant } = await setup();
    const empty = await createSite(ids.organizationId, { title: "Empty" });
    expect(await admin.siteCustomization.preview({ ...ids, siteId: empty.id, draftOf: "site", mode: "light", customization: {} })).toEqual({ html: null, siteSpaceId: null, pageId: null, pages: [] });
    await expect(admin.siteCustomization.preview({ ...ids, siteSpaceId: "nope0000000000000000", draftOf: "site", mode: "light", customization: {} })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const stranger = createCaller({ actor: { userId: tenant.stranger.user.id, via: "session" }, baseUrl: BASE_URL });
    await expect(stranger.siteCustomization.preview({ ...ids, draftOf: "site", mode: "light", customization: {} })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("a member who may not read the previewed space is told so", async () => {
    const { ids, admin, tenant, guidesSiteSpace } = await setup();
    // Guides closed to all but those given access (no default level); the site stays readable to the organization's readers.
    await db().space.update({ where: { id: guidesSiteSpace.spaceId }, data: { defaultLevel: null } });
    const reader = await tenant.member("read");
    const readerCaller = createCaller({ actor: { userId: reader.user.id, via: "session" }, baseUrl: BASE_URL });
    expect((await admin.siteCustomization.preview({ ...ids, draftOf: "site", mode: "light", customization: {} })).html).toContain("Welcome");
    expect(await readerCaller.siteCustomization.get(ids)).toMatchObject({ styling: { theme: "clean" } });
    await expect(readerCaller.siteCustomization.preview({ ...ids, draftOf: "site", mode: "light", customization: {} })).rejects.toMatchObject({ code: "FORBIDDEN", message: "The preview shows pages of “Guides”, which you may not read." });
  });
});
