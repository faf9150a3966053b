import { describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { mergeConflictsSchema, type MergeConflicts } from "../../server/content/merge/conflicts";
import { readFiles, type Page } from "../../server/content/revisions";
import { DEFAULT_PAGE_LAYOUT } from "../../server/content/page-display";
import { db } from "../../server/db/client";
import { AppError } from "../../server/errors";
import { createSpace } from "../../server/spaces/create-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import type { MergeResolutionsInput } from "../../server/change-requests/schemas-resolutions";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";

/**
 * An update from main with resolutions, as the review screen's conflict view sends it: the
 * conflicts a merge or update answers with carry what resolving them takes, the resolutions
 * are checked against the conflicts found now, and once written the merge goes through.
 */

const createCaller = createCallerFactory(appRouter);
const callerFor = (actor: Actor) => createCaller({ actor, baseUrl: "http://quire.test" });

const GUIDE = "# Guide\n\nIntro paragraph.\n\n## Install\n\nRun the installer.\n\n## Use\n\nOpen the app.\n";

/** A space with a Guide page and two more, a change request merged into main and another one (`proposal`) to edit against it. */
async function setup() {
  const tenant = await createTenant();
  const actor: Actor = { userId: tenant.admin.user.id, via: "session" };
  const admin = callerFor(actor);
  const space = await createSpace({ actor}, tenant.organization.id, { title: "Docs", empty: true });
  const revision = await commitPages(space.id, [
    { title: "Guide", slug: "guide", markdown: GUIDE },
    { title: "Alpha", slug: "alpha", markdown: "A.\n" },
    { title: "Beta", slug: "beta", markdown: "B.\n" },
  ]);
  const pages = (await pagesOf(revision.id)) as Page[];
  const [guide, alpha, beta] = ["Guide", "Alpha", "Beta"].map((title) => pages.find((page) => page.title === title)!);
  const open = (subject: string) => admin.changeRequests.create({ spaceId: space.id, subject });
  const [first, proposal] = [await open("Main's edit"), await open("Proposal")];
  const ref = String(proposal.number);
  /** Edits `first` and merges it into main, and edits the proposal. */
  type Edit = Parameters<typeof commitToChangeRequest>[1];
  async function diverge(main: Edit, mine: Edit) {
    await commitToChangeRequest(first.id, main);
    await commitToChangeRequest(proposal.id, mine);
    await admin.changeRequests.merge({ spaceId: space.id, ref: String(first.number) });
  }
  /** The conflicts an update from main answers with (it must conflict). */
  async function conflicts(resolutions?: MergeResolutionsInput): Promise<{ message: string; details: MergeConflicts }> {
    const error = await admin.changeRequests.updateFromMain({ spaceId: space.id, ref, resolutions }).then(
      () => null,
      (error: { cause?: unknown }) => error.cause,
    );
    if (!(error instanceof AppError) || error.code !== "conflict") throw new Error(`expected a conflict, got ${String(error)}`);
    return { message: error.message, details: mergeConflictsSchema.parse(error.details) };
  }
  const resolve = (resolutions: MergeResolutionsInput) => admin.changeRequests.updateFromMain({ spaceId: space.id, ref, resolutions });
  const merge = () => admin.changeRequests.merge({ spaceId: space.id, ref });
  const mainPage = async (pageId: string) => (await pagesOf((await mainRevision(space.id)).id)).find((page) => page.id === pageId)!;
  return { tenant, admin, space, guide: guide!, alpha: alpha!, beta: beta!, proposal, ref, diverge, conflicts, resolve, merge, mainPage };
}

/** The stored block keys of a page of main (its nodes' keys in `format=document`), in pre-order. */
async function blockKeysOf(spaceId: string, pageId: string): Promise<string[]> {
  const page = (await pagesOf((await mainRevision(spaceId)).id)).find((entry) => entry.id === pageId)!;
  return page.blockKeys ?? [];
}

async function mainRevision(spaceId: string) {
  const { revisionId } = await db().space.findUniqueOrThrow({ where: { id: spaceId } });
  return db().revision.findUniqueOrThrow({ where: { id: revisionId! } });
}

const rejection = async (promise: Promise<unknown>) => {
  const cause = await promise.then(
    () => null,
    (error: { cause?: unknown }) => error.cause,
  );
  if (!(cause instanceof AppError)) throw new Error(`expected an AppError, got ${String(cause)}`);
  return cause;
};

/** What a refusal says, written `field: message` for each field its details name. */
const refusalText = (error: AppError) =>
  Object.entries(error.details?.fields ?? {})
    .map(([field, message]) => `${field}: ${message}`)
    .join("; ");

describe("update from main with resolutions", () => {
  test("a body resolved block by block, one side per block: the change request takes the result, and the merge goes through", async () => {
    const { guide, diverge, conflicts, resolve, merge, mainPage, proposal, space } = await setup();
    await diverge(
      { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "Main's intro paragraph.").replace("Open the app.", "Main opens the app.") }] },
      { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "My intro paragraph.").replace("Open the app.", "I open the app.") }] },
    );
    const { details } = await conflicts();
    const [content] = details.pages[0]!.conflicts;
    if (content?.kind !== "content") throw new Error("expected a content conflict");
    const page = details.resolution!.pages.find((entry) => entry.id === guide.id)!;
    expect(page.base.markdown).toBe(GUIDE);
    // Each conflicting block with its three versions, alone, as markdown and as a keyed document.
    expect(page.blocks.map(({ key, kind, type, base, main, changeRequest }) => ({ key, kind, type, base: base?.markdown, main: main?.markdown, changeRequest: changeRequest?.markdown }))).toEqual([
      { key: content.blocks[0]!.key, kind: "edited", type: "paragraph", base: "Intro paragraph.\n", main: "Main's intro paragraph.\n", changeRequest: "My intro paragraph.\n" },
      { key: content.blocks[1]!.key, kind: "edited", type: "paragraph", base: "Open the app.\n", main: "Main opens the app.\n", changeRequest: "I open the app.\n" },
    ]);
    expect(page.blocks[0]!.changeRequest!.document.nodes[0]).toMatchObject({ type: "paragraph", key: page.blocks[0]!.key });

    const [intro, last] = page.blocks.map((block) => block.key);
    const updated = await resolve({ revisions: details.resolution!.revisions, pages: [{ id: guide.id, blocks: [{ key: intro!, take: "main" }, { key: last!, take: "changeRequest" }] }] });
    const resolved = GUIDE.replace("Intro paragraph.", "Main's intro paragraph.").replace("Open the app.", "I open the app.");
    // The new revision descends from the change request's and main's heads.
    const revision = await db().revision.findUniqueOrThrow({ where: { id: updated.revision } });
    const { revisionId: mainHead } = await db().space.findUniqueOrThrow({ where: { id: space.id } });
    expect(revision.parents).toEqual([details.resolution!.revisions.changeRequest, mainHead]);
    const event = await db().domainEvent.findFirst({ where: { action: "change_request.updated_from_main", targetId: proposal.id } });
    expect(event?.payload).toMatchObject({ revision: updated.revision, resolved: [guide.id] });

    expect((await merge()).result).toBe("merge");
    expect((await mainPage(guide.id)).markdown).toBe(resolved);
    // The blocks kept their keys through the resolution and the merge.
    expect(await blockKeysOf(space.id, guide.id)).toEqual(expect.arrayContaining([intro, last]));
  });

  test("both versions become two separate blocks (the copy gets a key of its own); a block deleted on one side comes back", async () => {
    const { guide, diverge, conflicts, resolve, merge, mainPage, space } = await setup();
    await diverge(
      { put: [{ ...guide, markdown: GUIDE.replace("Run the installer.", "Run the wizard.").replace("\n## Use\n\nOpen the app.\n", "") }] },
      { put: [{ ...guide, markdown: GUIDE.replace("Run the installer.", "Run the setup.").replace("Open the app.", "Open the app, then sign in.") }] },
    );
    const { details } = await conflicts();
    const page = details.resolution!.pages[0]!;
    expect(page.blocks.map(({ kind, deletedIn, type }) => ({ kind, deletedIn, type }))).toEqual([
      { kind: "edited", deletedIn: undefined, type: "paragraph" },
      { kind: "deleted", deletedIn: "main", type: "paragraph" },
    ]);
    const [install, open] = page.blocks;
    expect(open!.main).toBeNull();
    const resolutions = (blocks: MergeResolutionsInput["pages"]) => ({ revisions: details.resolution!.revisions, pages: blocks });

    // Both: main's block, then the change request's.
    await resolve(resolutions([{ id: guide.id, blocks: [{ key: install!.key, take: "both" }, { key: open!.key, take: "changeRequest" }] }]));
    await merge();
    // The section's heading, deleted by main and left alone by the change request, stays deleted.
    expect((await mainPage(guide.id)).markdown).toBe(GUIDE.replace("Run the installer.", "Run the wizard.\n\nRun the setup.").replace("## Use\n\nOpen the app.", "Open the app, then sign in."));
    const keys = await blockKeysOf(space.id, guide.id);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("blocks written instead, as markdown or from the editor (keys kept), and the whole body still resolves as markdown", async () => {
    const { guide, diverge, conflicts, resolve, merge, mainPage, space } = await setup();
    await diverge(
      { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "Main's intro paragraph.").replace("Run the installer.", "Run the wizard.") }] },
      { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "My intro paragraph.").replace("Run the installer.", "Run the setup.") }] },
    );
    const { details } = await conflicts();
    const [intro, install] = details.resolution!.pages[0]!.blocks;
    const fromEditor = { object: "document", data: {}, nodes: [{ object: "block", type: "paragraph", key: install!.key, data: {}, nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Download it, or run ", marks: [] }, { object: "leaf", text: "npm install", marks: [{ object: "mark", type: "code" }] }, { object: "leaf", text: ".", marks: [] }] }] }] };
    await resolve({
      revisions: details.resolution!.revisions,
      pages: [{ id: guide.id, blocks: [{ key: intro!.key, markdown: "Our **intro**.\n\nIn two paragraphs.\n" }, { key: install!.key, document: fromEditor }] }],
    });
    await merge();
    expect((await mainPage(guide.id)).markdown).toBe(GUIDE.replace("Intro paragraph.", "Our **intro**.\n\nIn two paragraphs.").replace("Run the installer.", "Download it, or run `npm install`."));
    expect(await blockKeysOf(space.id, guide.id)).toContain(install!.key);
  });

  test("a body resolved whole, as markdown", async () => {
    const { guide, diverge, conflicts, resolve, merge, mainPage } = await setup();
    await diverge({ put: [{ ...guide, markdown: GUIDE.replace("Run the installer.", "Run the wizard.") }] }, { put: [{ ...guide, markdown: GUIDE.replace("Run the installer.", "Run the setup.") }] });
    const { details } = await conflicts();
    const edited = GUIDE.replace("Run the installer.", "Run the setup wizard.");
    await resolve({ revisions: details.resolution!.revisions, pages: [{ id: guide.id, markdown: edited }] });
    await merge();
    expect((await mainPage(guide.id)).markdown).toBe(edited);
  });

  test("block resolutions that do not match the conflicting blocks are refused, naming the block", async () => {
    const { guide, diverge, conflicts, resolve } = await setup();
    await diverge(
      { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "Main's intro paragraph.").replace("\n## Use\n\nOpen the app.\n", "") }] },
      { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "My intro paragraph.").replace("Open the app.", "Open the app, then sign in.") }] },
    );
    const { details } = await conflicts();
    const { revisions } = details.resolution!;
    const [intro, open] = details.resolution!.pages[0]!.blocks.map((block) => block.key);
    const refused = async (blocks: unknown[], extra: Record<string, unknown> = {}) =>
      refusalText(await rejection(resolve({ revisions, pages: [{ id: guide.id, blocks, ...extra } as never] })));
    expect(await refused([{ key: intro, take: "main" }])).toBe(`resolutions.pages[0].blocks: Block ${open} of page “Guide” (${guide.id}) is in conflict and needs a resolution`);
    expect(await refused([{ key: intro, take: "main" }, { key: open, take: "main" }, { key: "notablock", take: "main" }])).toBe(
      `resolutions.pages[0].blocks[2].key: Block notablock of page “Guide” (${guide.id}) is not in conflict`,
    );
    expect(await refused([{ key: intro, take: "main" }, { key: intro, take: "main" }])).toBe(`resolutions.pages[0].blocks[1].key: Block ${intro} of page “Guide” (${guide.id}) is resolved twice`);
    expect(await refused([{ key: intro, take: "main" }, { key: open, take: "both" }])).toBe(
      `resolutions.pages[0].blocks[1].take: Block ${open} of page “Guide” (${guide.id}) was deleted on one side: take a side or write it`,
    );
    expect(await refused([{ key: intro, take: "main" }, { key: open, take: "main" }], { markdown: "x\n" })).toBe(
      `resolutions.pages[0].blocks: The text of page “Guide” (${guide.id}) is resolved either whole (markdown) or block by block (blocks), not both`,
    );
    // Checked with the input, before anything converts it.
    await expect(resolve({ revisions, pages: [{ id: guide.id, blocks: [{ key: intro!, take: "main" }, { key: open!, document: { object: "document", nodes: [{ object: "block" }] } }] }] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { details: { fields: { "resolutions.pages.0.blocks.1.document": expect.stringMatching(/^nodes\[0\]\.type: must be a string/i) } } },
    });
  });

  test("field conflicts (title, slug, variables, layout, place) and space variables take the chosen or written values", async () => {
    const { guide, alpha, beta, diverge, conflicts, resolve, merge, mainPage, space } = await setup();
    const layout = (width: "default" | "wide", tableOfContents: boolean) => ({ ...DEFAULT_PAGE_LAYOUT, width, tableOfContents });
    await diverge(
      {
        put: [{ ...guide, title: "Guide from main", slug: "main-guide", variables: { version: "2" }, layout: layout("wide", true), parentId: alpha.id }],
        variables: { product: "Main product" },
      },
      {
        put: [{ ...guide, title: "My guide", slug: "my-guide", variables: { version: "3" }, layout: layout("default", false), parentId: beta.id }],
        variables: { product: "My product" },
      },
    );
    const { details } = await conflicts();
    expect(details.pages[0]!.fields.sort()).toEqual(["layout", "parentId", "slug", "sortKey", "title", "variables"]);
    expect(details.variables).toEqual(["product"]);
    expect(details.resolution!.variables).toEqual([{ name: "product", main: "Main product", changeRequest: "My product" }]);
    const page = details.resolution!.pages[0]!;
    expect(page.main).toMatchObject({ title: "Guide from main", parent: { id: alpha.id, title: "Alpha", path: "alpha" }, variables: { version: "2" } });
    expect(page.changeRequest).toMatchObject({ title: "My guide", parent: { id: beta.id, title: "Beta", path: "beta" }, variables: { version: "3" } });
    expect(page.blocks).toEqual([]);

    await resolve({
      revisions: details.resolution!.revisions,
      pages: [{ id: guide.id, title: "The guide", slug: "my-guide", variables: { version: "2" }, layout: "main", place: "changeRequest" }],
      variables: { product: "Our product" },
    });
    await merge();
    const merged = await mainPage(guide.id);
    expect(merged).toMatchObject({ title: "The guide", slug: "my-guide", variables: { version: "2" }, layout: layout("wide", true), parentId: beta.id });
    expect((await mainRevision(space.id)).variables).toEqual({ product: "Our product" });
  });

  test("a file changed on both sides takes the side chosen", async () => {
    const { admin, space } = await setup();
    const open = async (subject: string) => String((await admin.changeRequests.create({ spaceId: space.id, subject })).number);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex").toString("base64");
    const adding = await open("Add the diagram");
    const inserted = (await admin.changeRequests.applyChanges({
      spaceId: space.id,
      ref: adding,
      changes: [{ operation: "insert_files", files: [{ name: "diagram.png", contentType: "image/png", base64: png }] }],
    })) as { insertedFiles: { id: string }[] };
    await admin.changeRequests.merge({ spaceId: space.id, ref: adding });
    const file = (await readFiles(db(), await mainRevision(space.id))).find((entry) => entry.id === inserted.insertedFiles[0]!.id)!;

    // Renamed differently on each side: the file's version changed on both.
    const [theirs, mine] = [await open("Theirs"), await open("Mine")];
    const changeRequestId = async (ref: string) => (await admin.changeRequests.get({ spaceId: space.id, ref })).id;
    await commitToChangeRequest(await changeRequestId(theirs), { putFiles: [{ ...file, name: "main.png" }] });
    await commitToChangeRequest(await changeRequestId(mine), { putFiles: [{ ...file, name: "mine.png" }] });
    await admin.changeRequests.merge({ spaceId: space.id, ref: theirs });
    const error = await rejection(admin.changeRequests.updateFromMain({ spaceId: space.id, ref: mine }));
    const details = mergeConflictsSchema.parse(error.details);
    expect(details.files).toEqual([{ kind: "changed-on-both-sides", id: file.id, name: "mine.png" }]);
    await admin.changeRequests.updateFromMain({ spaceId: space.id, ref: mine, resolutions: { revisions: details.resolution!.revisions, files: [{ id: file.id, take: "changeRequest" }] } });
    await admin.changeRequests.merge({ spaceId: space.id, ref: mine });
    expect((await readFiles(db(), await mainRevision(space.id))).map((entry) => entry.name)).toEqual(["mine.png"]);
  });

  test("resolutions that do not match the conflicts found now are refused: stale ones with the fresh conflicts, others naming what is wrong", async () => {
    const { admin, guide, alpha, diverge, conflicts, resolve, space, ref } = await setup();
    await diverge({ put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "Main's intro.") }] }, { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "My intro.") }] });
    const { details } = await conflicts();
    const revisions = details.resolution!.revisions;

    const notInConflict = await rejection(resolve({ revisions, pages: [{ id: guide.id, markdown: "x\n" }, { id: alpha.id, markdown: "A.\n" }] }));
    expect(notInConflict.code).toBe("bad_request");
    expect(refusalText(notInConflict)).toBe(`resolutions.pages[1].id: Page ${alpha.id} is not in conflict`);
    const fieldNotInConflict = await rejection(resolve({ revisions, pages: [{ id: guide.id, markdown: "x\n", title: "New" }] }));
    expect(refusalText(fieldNotInConflict)).toBe(`resolutions.pages[0].title: The title of page “Guide” (${guide.id}) is not in conflict`);
    const missing = await rejection(resolve({ revisions, pages: [] }));
    expect(refusalText(missing)).toBe(`resolutions.pages: Page “Guide” (${guide.id}) is in conflict and needs a resolution`);
    const variable = await rejection(resolve({ revisions, pages: [{ id: guide.id, markdown: "x\n" }], variables: { product: "P" } }));
    expect(refusalText(variable)).toBe("resolutions.variables: Space variables product is not in conflict");
    // Bounded: a body past the markdown limit, more pages than a resolution takes.
    await expect(resolve({ revisions, pages: [{ id: guide.id, markdown: "x".repeat(600 * 1024) }] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { details: { fields: { "resolutions.pages.0.markdown": expect.stringMatching(/^Larger than 512 KiB/) } } },
    });
    await expect(resolve({ revisions, pages: Array.from({ length: 51 }, () => ({ id: guide.id, markdown: "x\n" })) })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    // Main moves on meanwhile: the resolution was made against content that is no longer there.
    const later = await admin.changeRequests.create({ spaceId: space.id, subject: "Later" });
    await commitToChangeRequest(later.id, { put: [{ ...guide, markdown: GUIDE.replace("Intro paragraph.", "Main's intro.").replace("Open the app.", "Main opens it.") }] });
    await admin.changeRequests.merge({ spaceId: space.id, ref: String(later.number) });
    const stale = await conflicts({ revisions, pages: [{ id: guide.id, markdown: "Resolved.\n" }] });
    expect(stale.message).toMatch(/changed since these conflicts were found/);
    expect(stale.details.pages.map((page) => page.id)).toEqual([guide.id]);
    expect(stale.details.resolution!.revisions.main).not.toBe(revisions.main);
    expect(stale.details.resolution!.pages[0]!.main.markdown).toContain("Main opens it.");
    // Nothing was written.
    const proposal = await admin.changeRequests.get({ spaceId: space.id, ref });
    expect(proposal.outdated).toBe(true);

    // Resolved again against the fresh conflicts, it goes through.
    await resolve({ revisions: stale.details.resolution!.revisions, pages: [{ id: guide.id, markdown: "Resolved.\n" }] });
    expect((await admin.changeRequests.get({ spaceId: space.id, ref })).outdated).toBe(false);
  });

  test("a resolution that makes a new conflict (a slug a sibling has) is refused with it", async () => {
    const { guide, diverge, conflicts } = await setup();
    await diverge({ put: [{ ...guide, slug: "main-guide" }] }, { put: [{ ...guide, slug: "my-guide" }] });
    const { details } = await conflicts();
    const { details: again } = await conflicts({ revisions: details.resolution!.revisions, pages: [{ id: guide.id, slug: "alpha" }] });
    expect(again.pages[0]!.conflicts).toEqual([expect.objectContaining({ kind: "duplicate-slug", slug: "alpha" })]);
  });

  test("conflicts that choosing between versions cannot settle (a page deleted on one side, edited on the other) are refused as such", async () => {
    const { guide, diverge, conflicts } = await setup();
    await diverge({ remove: [guide.id] }, { put: [{ ...guide, title: "Still here" }] });
    const { details } = await conflicts();
    expect(details.pages[0]!.conflicts).toEqual([{ kind: "delete-edit", deletedIn: "main" }]);
    // No versions to choose between: the page is not on every side.
    expect(details.resolution!.pages).toEqual([]);
    const refused = await conflicts({ revisions: details.resolution!.revisions, pages: [{ id: guide.id, title: "Still here" }] });
    expect(refused.message).toMatch(/cannot be resolved by choosing between the versions: edit the change request/);
  });

  test("needs the rights of an update from main: a reader cannot resolve", async () => {
    const { tenant, guide, diverge, conflicts, space, ref } = await setup();
    await diverge({ put: [{ ...guide, title: "One" }] }, { put: [{ ...guide, title: "Two" }] });
    const { details } = await conflicts();
    const reader = await tenant.member("read");
    const asReader = callerFor({ userId: reader.user.id, via: "session" });
    const refused = await rejection(asReader.changeRequests.updateFromMain({ spaceId: space.id, ref, resolutions: { revisions: details.resolution!.revisions, pages: [{ id: guide.id, title: "Three" }] } }));
    expect(refused.code).toBe("forbidden");
  });
});
