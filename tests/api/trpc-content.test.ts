import { describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import type { ContentNode } from "../../server/content-tree/get-content-tree";
import { db } from "../../server/db/client";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";

/** The sidebar's procedures (content tree, create, rename, move, delete, trash), called as the browser does. */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);
const callerFor = (actor: Actor) => createCaller({ actor, baseUrl: BASE_URL });

async function setup() {
  const tenant = await createTenant();
  const admin = callerFor({ userId: tenant.admin.user.id, via: "session" });
  const organizationId = tenant.organization.id;
  return { tenant, admin, organizationId };
}

/** The tree as "type:title" outlines, children indented: order and nesting in one comparable value. */
function outline(nodes: ContentNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [`${"  ".repeat(depth)}${node.type}:${node.title}`, ...outline(node.children, depth + 1)]);
}

describe("content.tree", () => {
  test("nests collections and spaces in their shared sibling order, without deleted spaces", async () => {
    const { admin, organizationId } = await setup();
    const guides = await admin.content.createCollection({ organizationId, title: "Guides" });
    const intro = await admin.content.createSpace({ organizationId, title: "Intro", parent: guides.id });
    const nested = await admin.content.createCollection({ organizationId, title: "Nested", parent: guides.id });
    await admin.content.createSpace({ organizationId, title: "Deep", parent: nested.id });
    const handbook = await admin.content.createSpace({ organizationId, title: "Handbook", emoji: "📘" });
    const gone = await admin.content.createSpace({ organizationId, title: "Gone" });
    await admin.content.deleteSpace({ spaceId: gone.id });
    // A space placed before a collection among the same siblings.
    await admin.content.moveSpace({ spaceId: handbook.id, parent: null, position: { before: { type: "collection", collection: guides.id } } });
    await admin.content.moveSpace({ spaceId: intro.id, parent: guides.id, position: { after: { type: "collection", collection: nested.id } } });

    const tree = await admin.content.tree({ organizationId });
    expect(outline(tree.items)).toEqual(["space:Handbook", "collection:Guides", "  collection:Nested", "    space:Deep", "  space:Intro"]);
    expect(tree.items[0]).toMatchObject({ type: "space", id: handbook.id, emoji: "📘", parentId: null, children: [] });
    expect(tree.items[1]).toMatchObject({ type: "collection", id: guides.id, parentId: null, permissions: { admin: true, create: true } });
    expect(tree.organization).toMatchObject({ id: organizationId, permissions: { createContent: true } });
  });

  test("a member sees what they may see: hidden collections drop out, a space readable inside one shows at the top level", async () => {
    const { tenant, admin, organizationId } = await setup();
    const open = await admin.content.createCollection({ organizationId, title: "Open" });
    const closed = await admin.content.createCollection({ organizationId, title: "Closed" });
    const shared = await admin.content.createSpace({ organizationId, title: "Shared", parent: closed.id });
    await admin.content.createSpace({ organizationId, title: "Secret", parent: closed.id });
    await db().collection.update({ where: { id: closed.id }, data: { defaultLevel: null } });
    await db().space.update({ where: { id: shared.id }, data: { defaultLevel: "read" } });

    const reader = callerFor({ userId: (await tenant.member("read")).user.id, via: "session" });
    const tree = await reader.content.tree({ organizationId });
    expect(outline(tree.items)).toEqual(["collection:Open", "space:Shared"]);
    expect(tree.items[0]).toMatchObject({ id: open.id, permissions: { view: true, admin: false, create: false } });
    expect(tree.items[1]).toMatchObject({ id: shared.id, parentId: closed.id, permissions: { view: true, admin: false } });
    expect(tree.organization.permissions.createContent).toBe(false);
    await expect(reader.content.createCollection({ organizationId, title: "Mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("another organization's admin gets NOT_FOUND for the tree, the trash and the actions", async () => {
    const { tenant, admin, organizationId } = await setup();
    const space = await admin.content.createSpace({ organizationId, title: "Private" });
    const stranger = callerFor({ userId: tenant.stranger.user.id, via: "session" });
    await expect(stranger.content.tree({ organizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.content.trash({ organizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.content.renameSpace({ spaceId: space.id, title: "Mine" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.content.moveSpace({ spaceId: space.id, parent: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().space.findUniqueOrThrow({ where: { id: space.id } })).title).toBe("Private");
  });
});

describe("content actions", () => {
  test("rename both kinds; a blank or too long title is BAD_REQUEST", async () => {
    const { admin, organizationId } = await setup();
    const collection = await admin.content.createCollection({ organizationId, title: "Drafts" });
    const space = await admin.content.createSpace({ organizationId, title: "Draft", parent: collection.id });
    expect(await admin.content.renameCollection({ collectionId: collection.id, title: "Published" })).toMatchObject({ title: "Published" });
    expect(await admin.content.renameSpace({ spaceId: space.id, title: "  Final  " })).toMatchObject({ title: "Final" });
    await expect(admin.content.renameSpace({ spaceId: space.id, title: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(admin.content.renameCollection({ collectionId: collection.id, title: "x".repeat(51) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { details: { fields: { title: expect.stringMatching(/50/) } } },
    });
    expect(outline((await admin.content.tree({ organizationId })).items)).toEqual(["collection:Published", "  space:Final"]);
  });

  test("moving a collection into its own descendant, or nowhere, is refused with the reason", async () => {
    const { admin, organizationId } = await setup();
    const outer = await admin.content.createCollection({ organizationId, title: "Outer" });
    const inner = await admin.content.createCollection({ organizationId, title: "Inner", parent: outer.id });
    await expect(admin.content.moveCollection({ collectionId: outer.id, parent: inner.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { details: { fields: { parent: expect.stringMatching(/descendants/) } } },
    });
    // The operation's own rule holds here too: a move names a parent, a position or both.
    await expect(admin.content.moveCollection({ collectionId: inner.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const moved = await admin.content.moveCollection({ collectionId: inner.id, parent: null });
    expect(moved).toMatchObject({ id: inner.id });
    expect(outline((await admin.content.tree({ organizationId })).items)).toEqual(["collection:Outer", "collection:Inner"]);
  });

  test("deleting a collection trashes its spaces; the trash lists them with days left; restore brings one back", async () => {
    const { admin, organizationId } = await setup();
    const guides = await admin.content.createCollection({ organizationId, title: "Guides" });
    const sub = await admin.content.createCollection({ organizationId, title: "Sub", parent: guides.id });
    const first = await admin.content.createSpace({ organizationId, title: "First", parent: guides.id });
    await admin.content.createSpace({ organizationId, title: "Second", parent: sub.id });
    expect(await admin.content.trash({ organizationId })).toEqual([]);

    await admin.content.deleteCollection({ collectionId: guides.id });
    expect((await admin.content.tree({ organizationId })).items).toEqual([]);
    const trash = await admin.content.trash({ organizationId });
    expect(trash.map((space) => [space.title, space.daysLeft])).toEqual(expect.arrayContaining([["First", 7], ["Second", 7]]));
    expect(trash.every((space) => typeof space.deletedAt === "string")).toBe(true);

    const restored = await admin.content.restoreSpace({ spaceId: first.id });
    expect(restored).toMatchObject({ id: first.id, title: "First" });
    // Its collection is gone: it comes back at the top level.
    expect(outline((await admin.content.tree({ organizationId })).items)).toEqual(["space:First"]);
    expect((await admin.content.trash({ organizationId })).map((space) => space.title)).toEqual(["Second"]);
  });
});
