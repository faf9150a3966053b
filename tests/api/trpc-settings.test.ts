import { describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { createCollection } from "../../server/collections/create-collection";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createSpace } from "../../server/spaces/create-space";
import { actorForToken } from "../../server/tokens/actor-for-token";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { commitPages, createTenant } from "../helpers/factories";

/** The admin UI's tRPC procedures, called as the browser would reach them (same router, same context). */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);
const callerFor = (actor: Actor | null) => createCaller({ actor, baseUrl: BASE_URL });

async function setup() {
  const tenant = await createTenant();
  const admin = callerFor({ userId: tenant.admin.user.id, via: "session" });
  const reader = callerFor({ userId: (await tenant.member("read")).user.id, via: "session" });
  const stranger = callerFor({ userId: tenant.stranger.user.id, via: "session" });
  const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE_URL };
  const collection = await createCollection(ctx, tenant.organization.id, { title: "Handbooks" });
  const space = await createSpace(ctx, tenant.organization.id, { title: "Onboarding", parent: collection.id });
  return { tenant, admin, reader, stranger, ctx, collection, space };
}

describe("settings: spaces", () => {
  test("an admin changes title, visibility and default level, and reads them back", async () => {
    const { admin, space } = await setup();
    const updated = await admin.settings.updateSpace({ spaceId: space.id, title: "Welcome aboard", visibility: "unlisted", defaultLevel: "comment", emoji: "🚀" });
    expect(updated).toMatchObject({ id: space.id, title: "Welcome aboard", visibility: "unlisted", defaultLevel: "comment", emoji: "🚀" });
    expect(await admin.settings.getSpace({ spaceId: space.id })).toMatchObject({ title: "Welcome aboard", visibility: "unlisted", defaultLevel: "comment" });
    // Clearing the emoji and denying default access are both spelled null.
    const cleared = await admin.settings.updateSpace({ spaceId: space.id, emoji: null, defaultLevel: null, language: "fr", editMode: "locked" });
    expect(cleared).toMatchObject({ emoji: "", defaultLevel: null, language: "fr", editMode: "locked" });
    expect(cleared.permissions.admin).toBe(true);
  });

  test("a read member sees the space but may not change it: FORBIDDEN", async () => {
    const { reader, space } = await setup();
    const seen = await reader.settings.getSpace({ spaceId: space.id });
    expect(seen.permissions.admin).toBe(false);
    await expect(reader.settings.updateSpace({ spaceId: space.id, title: "Taken over" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await db().space.findUniqueOrThrow({ where: { id: space.id } })).title).toBe("Onboarding");
  });

  test("another organization's admin cannot tell the space exists: NOT_FOUND", async () => {
    const { stranger, space } = await setup();
    await expect(stranger.settings.getSpace({ spaceId: space.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.settings.updateSpace({ spaceId: space.id, title: "Taken over" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.settings.spacePages({ spaceId: space.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db().space.findUniqueOrThrow({ where: { id: space.id } })).title).toBe("Onboarding");
  });

  test("invalid input is BAD_REQUEST; in-collection is refused for a space at the root, naming the field", async () => {
    const { admin, ctx, tenant, space } = await setup();
    await expect(admin.settings.updateSpace({ spaceId: space.id, title: "x".repeat(51) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(admin.settings.updateSpace({ spaceId: space.id, title: "   " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const rootSpace = await createSpace(ctx, tenant.organization.id, { title: "At the root" });
    await expect(admin.settings.updateSpace({ spaceId: rootSpace.id, visibility: "in-collection" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { details: { fields: { visibility: expect.any(String) } } },
    });
    expect(await admin.settings.updateSpace({ spaceId: space.id, visibility: "in-collection" })).toMatchObject({ visibility: "in-collection" });
  });

  test("spacePages lists the current revision's titles depth-first by position", async () => {
    const { reader, space } = await setup();
    const [intro, guide, install, faq] = [newId(), newId(), newId(), newId()];
    const { id: revisionId } = await commitPages(
      space.id,
      [
        { id: faq, sortKey: 1, title: "FAQ", slug: "faq" },
        { id: install, parentId: guide, sortKey: 0, title: "Install", slug: "install", emoji: "📦" },
        { id: guide, sortKey: 0, title: "Guide", slug: "guide" },
        { id: intro, parentId: null, sortKey: -1, title: "Intro", slug: "intro" },
      ],
      { replace: true },
    );
    const { revision, pages } = await reader.settings.spacePages({ spaceId: space.id });
    expect(revision).toBe(revisionId);
    expect(pages.map((page) => [page.title, page.depth])).toEqual([
      ["Intro", 0],
      ["Guide", 0],
      ["Install", 1],
      ["FAQ", 0],
    ]);
    expect(pages[2]).toMatchObject({ id: install, emoji: "📦", slug: "install" });
  });

  test("signed-out calls are UNAUTHORIZED", async () => {
    const { space } = await setup();
    await expect(callerFor(null).settings.getSpace({ spaceId: space.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("settings: collections", () => {
  test("an admin updates a collection; a reader is FORBIDDEN; a stranger NOT_FOUND", async () => {
    const { admin, reader, stranger, collection } = await setup();
    const updated = await admin.settings.updateCollection({ collectionId: collection.id, title: "Manuals", description: "Everything we wrote down", defaultLevel: "read" });
    expect(updated).toMatchObject({ title: "Manuals", description: "Everything we wrote down", defaultLevel: "read" });
    expect(await reader.settings.getCollection({ collectionId: collection.id })).toMatchObject({ title: "Manuals", permissions: { admin: false } });
    await expect(reader.settings.updateCollection({ collectionId: collection.id, title: "Nope" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(stranger.settings.getCollection({ collectionId: collection.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.settings.updateCollection({ collectionId: collection.id, title: "Nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin.settings.updateCollection({ collectionId: collection.id, description: "d".repeat(101) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  test("spacesInCollection lists the spaces directly inside, hidden from strangers", async () => {
    const { admin, stranger, ctx, tenant, collection, space } = await setup();
    const second = await createSpace(ctx, tenant.organization.id, { title: "Second", parent: collection.id });
    await createSpace(ctx, tenant.organization.id, { title: "Elsewhere" });
    const list = await admin.settings.spacesInCollection({ collectionId: collection.id });
    expect(list.count).toBe(2);
    expect(list.items.map((item) => item.id).sort()).toEqual([space.id, second.id].sort());
    await expect(stranger.settings.spacesInCollection({ collectionId: collection.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("tokens", () => {
  test("create, list, use and revoke round-trip; the plain token is only in the create answer", async () => {
    const { tenant, admin, reader } = await setup();
    const created = await admin.tokens.create({ name: "CI deploys" });
    expect(created.token).toMatch(/^qr_/);
    expect(created.token.startsWith(created.apiToken.prefix)).toBe(true);

    const listed = await admin.tokens.list();
    const entry = listed.find((token) => token.id === created.apiToken.id);
    expect(entry).toMatchObject({ name: "CI deploys", prefix: created.apiToken.prefix, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.token);
    // Tokens are per user: another member does not see it and cannot revoke it.
    expect((await reader.tokens.list()).map((token) => token.id)).not.toContain(created.apiToken.id);
    await expect(reader.tokens.revoke({ tokenId: created.apiToken.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await actorForToken(created.token)).toEqual({ userId: tenant.admin.user.id, tokenId: created.apiToken.id, via: "token" });
    await admin.tokens.revoke({ tokenId: created.apiToken.id });
    expect((await admin.tokens.list()).map((token) => token.id)).not.toContain(created.apiToken.id);
    expect(await actorForToken(created.token)).toBeNull();
    await expect(admin.tokens.revoke({ tokenId: created.apiToken.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("a token needs a name", async () => {
    const { admin } = await setup();
    await expect(admin.tokens.create({ name: "  " })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
