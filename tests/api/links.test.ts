import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commitRevision, type FileVersion, type PageVersion } from "../../server/content/revisions";
import { ObjectStore } from "../../server/content/store/object-store";
import { trieSet } from "../../server/content/store/trie";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { assertConformsToSchema } from "../helpers/conformance";
import { commitPages, commitToChangeRequest, createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const now = new Date().toISOString();

type Location = { kind: string; organization: { id: string }; space: { id: string }; page: { id: string; path: string }; versionContext?: { type: string; changeRequest: { id: string } } };
type LinkItem = { status: string; relation: string; targetReference: Record<string, string>; locationReferences: Location[] };
type LinksBody = { items: LinkItem[]; count: number; next?: { page: string }; stats: { total: number; broken: { total: number; changeRequest: number } } };

/**
 * The reference has none of these operations, so answers are checked here against its nearest
 * schemas: the list envelope, ContentRef for targets and ContentLocation for the linking pages.
 */
function expectLinksConform(body: LinksBody) {
  assertConformsToSchema("List", body);
  expect(body.stats).toEqual({ total: expect.any(Number), broken: { total: expect.any(Number), changeRequest: expect.any(Number) } });
  for (const item of body.items) {
    expect(["ok", "broken", "in-app"]).toContain(item.status);
    expect(["link", "image"]).toContain(item.relation);
    assertConformsToSchema("ContentRef", item.targetReference);
    expect(item.locationReferences.length).toBeGreaterThan(0);
    for (const location of item.locationReferences) assertConformsToSchema("ContentLocationPage", location);
  }
}

function expectBacklinksConform(body: { items: Location[] }) {
  assertConformsToSchema("List", body);
  for (const location of body.items) assertConformsToSchema("ContentLocation", location);
}

/** Items as `status relation target <- linking pages`, sorted, for comparing whole lists. */
const summary = (items: LinkItem[], names: Record<string, string>) =>
  items
    .map((item) => {
      const { kind, ...rest } = item.targetReference;
      const target = Object.values(rest).map((value) => names[value] ?? value).join("#");
      return `${item.status} ${item.relation} ${kind}:${target} <- ${item.locationReferences.map((location) => names[location.page.id]).join(",")}`;
    })
    .sort();

/**
 * A space whose pages link to each other, to a page that does not exist, to a file, to an
 * external URL and to a URL of Quire itself:
 *   guide/ (install), faq
 */
async function setup() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs" })).body;
  const ids = { guide: newId(), install: newId(), faq: newId(), missing: newId(), file: newId() };
  const inApp = `${server.url}/o/${tenant.organization.id}/s/${space.id}/p/${ids.install}`;
  await commitPages(
    space.id,
    [
      {
        id: ids.guide,
        title: "Guide",
        slug: "guide",
        sortKey: 1,
        markdown: `[Install](/pages/${ids.install})\n\n[Gone](/pages/${ids.missing})\n\n[Manual](/files/${ids.file})\n\n[Example](https://example.com/docs)\n\n[Here](${inApp})\n`,
      },
      {
        id: ids.install,
        title: "Install",
        slug: "install",
        parentId: ids.guide,
        sortKey: 1,
        markdown: "[FAQ](../faq.md) and [the guide](./README.md), [again](/guide).\n\n[Nowhere](./missing.md)\n\n" + `![Manual](/files/${ids.file})\n\n[Setup](#setup)\n\n## Setup\n`,
      },
      { id: ids.faq, title: "FAQ", slug: "faq", sortKey: 2, markdown: `[Steps](/pages/${ids.install}#steps)\n\n[Gone too](/pages/${ids.missing})\n\n<https://example.com/docs>\n` },
    ],
    { replace: true },
  );
  await db().$transaction(async (tx) => {
    const current = await tx.space.findUniqueOrThrow({ where: { id: space.id } });
    const base = await tx.revision.findUniqueOrThrow({ where: { id: current.revisionId! } });
    const file: FileVersion = { id: ids.file, name: "manual.pdf", contentType: "application/pdf", size: 10, blob: `blob-${newId()}`, createdAt: now };
    const revision = await commitRevision(tx, { spaceId: space.id, base, parents: [base.id], putFiles: [file] });
    await tx.space.update({ where: { id: space.id }, data: { revisionId: revision.id } });
  });
  const names: Record<string, string> = { [ids.guide]: "guide", [ids.install]: "install", [ids.faq]: "faq", [ids.missing]: "missing", [ids.file]: "manual", [inApp]: "in-app" };
  return { tenant, admin, space, ids, names, inApp, base: `/v1/spaces/${space.id}` };
}

/** The guide links to the manual, the install page shows it as an image: two items, by relation. */
const SPACE_LINKS = [
  "broken link page:missing <- guide,faq",
  "broken link url:./missing.md <- install",
  "in-app link url:in-app <- guide",
  "ok image file:manual <- install",
  "ok link anchor:setup#install <- install",
  "ok link anchor:steps#install <- faq",
  "ok link file:manual <- guide",
  "ok link page:faq <- install",
  "ok link page:guide <- install",
  "ok link page:install <- guide",
  "ok link url:https://example.com/docs <- guide,faq",
];

describe("links", () => {
  test("a space's links: one item per target with every page linking to it, its status, and stats", async () => {
    const { admin, tenant, space, ids, names, base } = await setup();
    const { status, body } = await admin.get(`${base}/links`);
    expect(status).toBe(200);
    expectLinksConform(body);
    // `../faq.md` and `./README.md`, `/guide` resolve to pages: the same targets as `/pages/<id>` links.
    expect(summary(body.items, names)).toEqual(SPACE_LINKS);
    expect(body).toMatchObject({ count: 11, stats: { total: 11, broken: { total: 2, changeRequest: 0 } } });
    expect(body.next).toBeUndefined();

    const manual = body.items.filter((item: LinkItem) => item.targetReference.kind === "file");
    expect(manual.map((item: LinkItem) => item.targetReference)).toEqual([
      { kind: "file", file: ids.file },
      { kind: "file", file: ids.file },
    ]);
    const [inGuide] = manual.find((item: LinkItem) => item.relation === "link").locationReferences;
    const [inInstall] = manual.find((item: LinkItem) => item.relation === "image").locationReferences;
    expect(inGuide).toMatchObject({ kind: "page", organization: { object: "organization", id: tenant.organization.id }, space: { object: "space", id: space.id } });
    expect(inGuide.page).toMatchObject({ id: ids.guide, title: "Guide", path: "guide", urls: { app: `${server.url}/o/${tenant.organization.id}/s/${space.id}/p/${ids.guide}` } });
    expect(inInstall.page).toMatchObject({ id: ids.install, path: "guide/install" });
    expect(inGuide.versionContext).toBeUndefined();
    const nowhere = body.items.find((item: LinkItem) => item.status === "broken" && item.targetReference.kind === "url");
    expect(nowhere.targetReference).toEqual({ kind: "url", url: "./missing.md" });
  });

  test("the status filter selects items; stats and order stay those of the whole list", async () => {
    const { admin, names, base } = await setup();
    const all = (await admin.get(`${base}/links`)).body;
    const byStatus = (status: string) => SPACE_LINKS.filter((line) => line.startsWith(`${status} `));
    for (const status of ["broken", "ok", "in-app"]) {
      const { body } = await admin.get(`${base}/links?status=${status}`);
      expectLinksConform(body);
      expect(summary(body.items, names)).toEqual(byStatus(status));
      expect(body.count).toBe(byStatus(status).length);
      expect(body.stats).toEqual(all.stats);
      const order = all.items.filter((item: LinkItem) => item.status === status).map((item: LinkItem) => JSON.stringify(item.targetReference));
      expect(body.items.map((item: LinkItem) => JSON.stringify(item.targetReference))).toEqual(order);
    }
  });

  test("paged with the list cursor: every item once, in the order of the whole list", async () => {
    const { admin, base } = await setup();
    const all = (await admin.get(`${base}/links`)).body.items.map((item: LinkItem) => JSON.stringify(item.targetReference));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const { body } = await admin.get(`${base}/links?limit=3${cursor ? `&page=${cursor}` : ""}`);
      expectLinksConform(body);
      expect(body.count).toBe(11);
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((item: LinkItem) => JSON.stringify(item.targetReference)));
      cursor = body.next?.page;
    } while (cursor);
    expect(seen).toEqual(all);
    const broken = await admin.get(`${base}/links?status=broken&limit=1`);
    expect(broken.body.items).toHaveLength(1);
    expect((await admin.get(`${base}/links?status=broken&limit=1&page=${broken.body.next.page}`)).body.items).toHaveLength(1);
  });

  test("one page's links, with that page as the only location; 404 for a page not in the space", async () => {
    const { admin, ids, names, base } = await setup();
    const { status, body } = await admin.get(`${base}/content/page/${ids.install}/links`);
    expect(status).toBe(200);
    expectLinksConform(body);
    expect(summary(body.items, names)).toEqual([
      "broken link url:./missing.md <- install",
      "ok image file:manual <- install",
      "ok link anchor:setup#install <- install",
      "ok link page:faq <- install",
      "ok link page:guide <- install",
    ]);
    expect(body).toMatchObject({ count: 5, stats: { total: 5, broken: { total: 1, changeRequest: 0 } } });
    expect((await admin.get(`${base}/content/page/${ids.install}/links?status=broken`)).body.items).toHaveLength(1);
    expect((await admin.get(`${base}/content/page/${newId()}/links`)).status).toBe(404);
  });

  test("a URL on the configured public origin is in-app", async () => {
    const { admin, space, base } = await setup();
    await commitPages(space.id, [{ title: "Public", slug: "public", markdown: "[Public](https://docs.example.test/o/x/s/y)\n" }]);
    const previous = process.env.QUIRE_PUBLIC_URL;
    process.env.QUIRE_PUBLIC_URL = "https://docs.example.test/";
    try {
      const { body } = await admin.get(`${base}/links?status=in-app`);
      expect(body.items.map((item: LinkItem) => item.targetReference.url)).toEqual(["https://docs.example.test/o/x/s/y"]);
    } finally {
      if (previous === undefined) delete process.env.QUIRE_PUBLIC_URL;
      else process.env.QUIRE_PUBLIC_URL = previous;
    }
  });

  test("a page version written before link targets (or their relation) were recorded is read from its body", async () => {
    const { admin, space, ids, names, base } = await setup();
    const legacy = { id: newId(), title: "Old", slug: "old", parentId: null, sortKey: 9, createdAt: now, updatedAt: now };
    const older = { id: newId(), title: "Older", slug: "older", parentId: null, sortKey: 10, createdAt: now, updatedAt: now };
    await db().$transaction(async (tx) => {
      const current = await tx.space.findUniqueOrThrow({ where: { id: space.id } });
      const head = await tx.revision.findUniqueOrThrow({ where: { id: current.revisionId! } });
      const store = new ObjectStore(tx, space.id);
      const version: PageVersion = { ...legacy, body: store.putBody(`[FAQ](/pages/${ids.faq}) and [gone](/pages/${ids.missing})\n`) };
      // Targets recorded without their relation: the body says the file is shown as an image.
      const withoutRelation = { ...older, body: store.putBody(`![Manual](/files/${ids.file})\n`), links: [{ kind: "file", file: ids.file }] };
      const root = await trieSet(
        store,
        head.root,
        new Map([
          [`p:${legacy.id}`, store.putObject(version)],
          [`p:${older.id}`, store.putObject(withoutRelation)],
        ]),
      );
      await store.flush();
      const revision = await tx.revision.create({ data: { id: newId(), spaceId: space.id, parents: [head.id], type: "edits", root } });
      await tx.space.update({ where: { id: space.id }, data: { revisionId: revision.id } });
    });
    names[legacy.id] = "old";
    const { body } = await admin.get(`${base}/content/page/${legacy.id}/links`);
    expect(summary(body.items, names)).toEqual(["broken link page:missing <- old", "ok link page:faq <- old"]);
    names[older.id] = "older";
    expect(summary((await admin.get(`${base}/content/page/${older.id}/links`)).body.items, names)).toEqual(["ok image file:manual <- older"]);
    expect((await admin.get(`${base}/content/page/${ids.faq}/backlinks`)).body.items.map((l: Location) => names[l.page.id]).sort()).toEqual(["install", "old"]);
  });
});

describe("backlinks", () => {
  test("of a page: the other pages linking to it, by any spelling, as locations", async () => {
    const { admin, tenant, space, ids, names, base } = await setup();
    const { status, body } = await admin.get(`${base}/content/page/${ids.install}/backlinks`);
    expect(status).toBe(200);
    expectBacklinksConform(body);
    // The in-app URL and install's own `#setup` are not backlinks.
    const expected = [ids.guide, ids.faq].sort();
    expect(body.items.map((location: Location) => location.page.id)).toEqual(expected);
    expect(body.count).toBe(2);
    expect(body.items[0]).toMatchObject({ kind: "page", organization: { id: tenant.organization.id }, space: { id: space.id } });
    expect((await admin.get(`${base}/content/page/${ids.guide}/backlinks`)).body.items.map((l: Location) => names[l.page.id])).toEqual(["install"]);
    expect((await admin.get(`${base}/content/page/${ids.faq}/backlinks`)).body.items.map((l: Location) => names[l.page.id])).toEqual(["install"]);

    const first = await admin.get(`${base}/content/page/${ids.install}/backlinks?limit=1`);
    expect(first.body.items.map((l: Location) => l.page.id)).toEqual([expected[0]]);
    const second = await admin.get(`${base}/content/page/${ids.install}/backlinks?limit=1&page=${first.body.next.page}`);
    expect(second.body.items.map((l: Location) => l.page.id)).toEqual([expected[1]]);
    expect(second.body.next).toBeUndefined();
  });

  test("of a file: the pages linking to it or showing it; 404 for a page or file not in the space", async () => {
    const { admin, ids, base } = await setup();
    const { status, body } = await admin.get(`${base}/content/files/${ids.file}/backlinks`);
    expect(status).toBe(200);
    expectBacklinksConform(body);
    expect(body.items.map((location: Location) => location.page.id)).toEqual([ids.guide, ids.install].sort());
    expect((await admin.get(`${base}/content/files/${newId()}/backlinks`)).status).toBe(404);
    expect((await admin.get(`${base}/content/page/${ids.missing}/backlinks`)).status).toBe(404);
  });
});

describe("change request links", () => {
  /** A change request that removes the FAQ and adds a page linking to it and to the missing page. */
  async function withChangeRequest() {
    const world = await setup();
    const { admin, ids, names, base } = world;
    const changeRequest = (await admin.post(`${base}/change-requests`, { subject: "Drop the FAQ" })).body;
    const added = { id: newId(), title: "News", slug: "news", parentId: null, sortKey: 3, createdAt: now, updatedAt: now };
    await commitToChangeRequest(changeRequest.id, {
      remove: [ids.faq],
      put: [{ ...added, markdown: `[FAQ](/pages/${ids.faq}) and [gone](/pages/${ids.missing})\n` }],
    });
    names[added.id] = "news";
    return { ...world, changeRequest, added, crBase: `${base}/change-requests/${changeRequest.number}` };
  }

  test("read from the change request's content; stats count the broken links only the change request has", async () => {
    const { admin, changeRequest, names, base, crBase } = await withChangeRequest();
    const { status, body } = await admin.get(`${crBase}/links`);
    expect(status).toBe(200);
    expectLinksConform(body);
    expect(summary(body.items, names)).toEqual([
      "broken link page:faq <- news",
      "broken link page:missing <- guide,news",
      "broken link url:../faq.md <- install",
      "broken link url:./missing.md <- install",
      "in-app link url:in-app <- guide",
      "ok image file:manual <- install",
      "ok link anchor:setup#install <- install",
      "ok link file:manual <- guide",
      "ok link page:guide <- install",
      "ok link page:install <- guide",
      "ok link url:https://example.com/docs <- guide",
    ]);
    // `missing` and `./missing.md` are broken in main too; the two links to the FAQ are broken by the change request.
    expect(body.stats).toEqual({ total: 11, broken: { total: 4, changeRequest: 2 } });
    expect(body.items[0].locationReferences[0].versionContext).toMatchObject({ type: "changeRequest", changeRequest: { object: "change-request", id: changeRequest.id } });
    expect((await admin.get(`${base}/change-requests/${changeRequest.id}/links?status=broken`)).body.count).toBe(4);

    // The main content is unchanged.
    const main = (await admin.get(`${base}/links`)).body;
    expect(main.stats).toEqual({ total: 11, broken: { total: 2, changeRequest: 0 } });
  });

  test("a page's links and the backlinks in the change request", async () => {
    const { admin, ids, names, added, base, crBase } = await withChangeRequest();
    const install = await admin.get(`${crBase}/content/page/${ids.install}/links`);
    expect(install.status).toBe(200);
    expectLinksConform(install.body);
    expect(install.body.stats).toEqual({ total: 5, broken: { total: 2, changeRequest: 1 } });
    const news = await admin.get(`${crBase}/content/page/${added.id}/links?status=broken`);
    expect(summary(news.body.items, names)).toEqual(["broken link page:faq <- news", "broken link page:missing <- news"]);
    // A page the change request adds is new: both of its broken links are the change request's.
    expect(news.body.stats).toEqual({ total: 2, broken: { total: 2, changeRequest: 2 } });

    const file = await admin.get(`${crBase}/content/files/${ids.file}/backlinks`);
    expectBacklinksConform(file.body);
    expect(file.body.items.map((l: Location) => names[l.page.id]).sort()).toEqual(["guide", "install"]);
    expect(file.body.items[0].versionContext.type).toBe("changeRequest");
    // Only the guide links to `install` there; the FAQ is gone from the change request, not from main.
    expect((await admin.get(`${crBase}/content/page/${ids.install}/backlinks`)).body.items.map((l: Location) => names[l.page.id])).toEqual(["guide"]);
    expect((await admin.get(`${crBase}/content/page/${ids.faq}/backlinks`)).status).toBe(404);
    expect((await admin.get(`${crBase}/content/page/${ids.faq}/links`)).status).toBe(404);
    expect((await admin.get(`${base}/content/page/${ids.faq}/backlinks`)).status).toBe(200);
    expect((await admin.get(`${crBase}/content/page/${added.id}/backlinks`)).body.items).toEqual([]);
  });
});

describe("access and validation", () => {
  test("another tenant gets 404 everywhere; a reader may list; no token is 401", async () => {
    const { admin, tenant, ids, base } = await setup();
    const changeRequest = (await admin.post(`${base}/change-requests`)).body;
    const paths = [
      "/links",
      `/content/page/${ids.install}/links`,
      `/content/page/${ids.install}/backlinks`,
      `/content/files/${ids.file}/backlinks`,
      `/change-requests/${changeRequest.id}/links`,
      `/change-requests/${changeRequest.number}/content/page/${ids.install}/links`,
      `/change-requests/${changeRequest.number}/content/page/${ids.install}/backlinks`,
      `/change-requests/${changeRequest.number}/content/files/${ids.file}/backlinks`,
    ];
    const stranger = apiClient(server.url, tenant.stranger.token);
    const reader = apiClient(server.url, (await tenant.member("read")).token);
    const anonymous = apiClient(server.url);
    for (const path of paths) {
      expect((await stranger.get(`${base}${path}`)).status, path).toBe(404);
      expect((await reader.get(`${base}${path}`)).status, path).toBe(200);
      expect((await anonymous.get(`${base}${path}`)).status, path).toBe(401);
    }
    expect((await admin.get(`${base}/change-requests/999/links`)).status).toBe(404);
  });

  test("400 names the bad query value", async () => {
    const { admin, ids, base } = await setup();
    const cases: [string, string][] = [
      ["/links?status=dead", "status"],
      ["/links?status=ok&status=broken", "status"],
      [`/content/page/${ids.install}/links?status=OK`, "status"],
      ["/links?limit=0", "limit"],
      [`/content/files/${ids.file}/backlinks?page=%00`, "page"],
    ];
    for (const [path, field] of cases) {
      const { status, body } = await admin.get(`${base}${path}`);
      expect(status, path).toBe(400);
      expect(fieldErrorsOf(body), path).toMatch(new RegExp(`^${field}: `));
    }
  });
});
