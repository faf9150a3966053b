import { describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { accessChain, loadCollection, loadSpace, roleFromChain } from "../../server/policies/access";
import type { Role } from "../../server/policies/roles";
import { listSpacesInOrganization } from "../../server/spaces/queries";
import { searchOrganization } from "../../server/search/search-organization";
import { createInitialRevision } from "../../server/content/revisions";
import { catchUpSearchIndexes } from "../../server/search/index-space";
import { commitPages, createTenant } from "../helpers/factories";

/** Roles on content raised by grants to a member or a team, on a space or any collection above it. */

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const collection = async (title: string, parentId: string | null, defaultLevel: string | null = "inherit") =>
    db().collection.create({ data: { id: newId(), organizationId, title, parentId, defaultLevel } });
  const top = await collection("Top", null);
  const middle = await collection("Middle", top.id);
  const bottom = await collection("Bottom", middle.id);
  const space = async (title: string, parentId: string | null, defaultLevel: string | null = "inherit") =>
    db().space.create({ data: { id: newId(), organizationId, title, parentId, defaultLevel } });
  const deep = await space("Deep", bottom.id);
  const other = await space("Other", null);
  const grant = (target: { spaceId?: string; collectionId?: string }, subject: { userId?: string; teamId?: string }, role: Role) =>
    db().contentGrant.create({ data: { id: newId(), organizationId, role, ...target, ...subject } });
  const team = async (userIds: string[]) => {
    const created = await db().team.create({ data: { id: newId(), organizationId, title: `Team ${newId()}` } });
    for (const userId of userIds) await db().teamMember.create({ data: { teamId: created.id, userId } });
    return created;
  };
  return { tenant, organizationId, top, middle, bottom, deep, other, grant, team };
}

const ctxOf = (userId: string) => ({ actor: { userId, via: "session" as const }, baseUrl: "http://quire.test" });

describe("grants", () => {
  test("a guest sees nothing, until a team grant three collections up reaches a space below it, with the grant's role", async () => {
    const { tenant, organizationId, top, deep, other, grant, team } = await setup();
    const guest = await tenant.member(null);
    const actor = ctxOf(guest.user.id).actor;
    await expect(loadSpace(db(), actor, deep.id)).rejects.toMatchObject({ code: "not_found" });

    const editors = await team([guest.user.id]);
    await grant({ collectionId: top.id }, { teamId: editors.id }, "edit");
    expect((await loadSpace(db(), actor, deep.id)).role).toBe("edit");
    // Within the granted collection only.
    await expect(loadSpace(db(), actor, other.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await loadCollection(db(), actor, top.id)).role).toBe("edit");

    // Listed as far as the grant goes, and no further.
    const listed = await listSpacesInOrganization(ctxOf(guest.user.id), organizationId, { limit: 100 });
    expect(listed.items.map((space: { id: string }) => space.id)).toEqual([deep.id]);
    for (const space of [deep, other]) {
      await db().space.update({ where: { id: space.id }, data: { revisionId: (await createInitialRevision(db(), space.id, { empty: true })).id } });
      await commitPages(space.id, [{ title: `Numbat notes of ${space.title}`, slug: "numbats", markdown: "All about the numbat.\n" }]);
    }
    await catchUpSearchIndexes({ spaceIds: [deep.id, other.id] });
    const found = await searchOrganization(ctxOf(guest.user.id), organizationId, { query: "numbat", limit: 10 } as never);
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([deep.id]);
    const byAdmin = await searchOrganization(ctxOf(tenant.admin.user.id), organizationId, { query: "numbat", limit: 10 } as never);
    expect(byAdmin.items.map((item: { id: string }) => item.id).sort()).toEqual([deep.id, other.id].sort());
  });

  test("the role is the highest of the member's default role and every grant: grants only raise it", async () => {
    const { tenant, bottom, deep, grant, team } = await setup();
    const reader = await tenant.member("read");
    const actor = ctxOf(reader.user.id).actor;
    expect((await loadSpace(db(), actor, deep.id)).role).toBe("read");
    await grant({ spaceId: deep.id }, { userId: reader.user.id }, "comment");
    expect((await loadSpace(db(), actor, deep.id)).role).toBe("comment");
    const reviewers = await team([reader.user.id]);
    await grant({ collectionId: bottom.id }, { teamId: reviewers.id }, "review");
    expect((await loadSpace(db(), actor, deep.id)).role).toBe("review");
    // A grant below the member's role changes nothing.
    const editor = await tenant.member("edit");
    await grant({ spaceId: deep.id }, { userId: editor.user.id }, "read");
    expect((await loadSpace(db(), ctxOf(editor.user.id).actor, deep.id)).role).toBe("edit");
  });

  test("a space with no default access (level null) is reached by a grant on it or above it", async () => {
    const { tenant, organizationId, middle, grant } = await setup();
    const closed = await db().space.create({ data: { id: newId(), organizationId, title: "Closed", parentId: middle.id, defaultLevel: null } });
    const editor = await tenant.member("edit");
    await expect(loadSpace(db(), ctxOf(editor.user.id).actor, closed.id)).rejects.toMatchObject({ code: "not_found" });
    await grant({ collectionId: middle.id }, { userId: editor.user.id }, "read");
    expect((await loadSpace(db(), ctxOf(editor.user.id).actor, closed.id)).role).toBe("read");
  });

  test("the access chain names every source: the levels up the tree and each grant, direct or by team", async () => {
    const { tenant, top, middle, bottom, deep, grant, team } = await setup();
    const guest = await tenant.member(null);
    const ops = await team([guest.user.id]);
    const direct = await grant({ spaceId: deep.id }, { userId: guest.user.id }, "comment");
    const byTeam = await grant({ collectionId: middle.id }, { teamId: ops.id }, "edit");
    const chain = await accessChain(db(), guest.user.id, { space: deep, collectionId: deep.parentId });
    expect(chain.levels.map((level) => level.collectionId)).toEqual([null, bottom.id, middle.id, top.id]);
    expect(chain.grants.sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { id: direct.id, targetType: "space", targetId: deep.id, teamId: null, role: "comment" },
      { id: byTeam.id, targetType: "collection", targetId: middle.id, teamId: ops.id, role: "edit" },
    ]);
    expect(roleFromChain(null, chain)).toBe("edit");
  });
});
