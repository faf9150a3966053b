import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** Grants on spaces and collections (the reference's space-permissions and collection-permissions), and …/permissions/explain. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

type Api = ReturnType<typeof apiClient>;
const errorMessage = (response: { body: { error: { message: string } } }) => response.body.error.message;
// Which fields a 400 is about, with why: `field: message`.
const fieldsOf = (response: { body: { error?: { details?: { fields?: Record<string, string> } } } }) => fieldErrorsOf(response.body);
const ids = (items: { user?: { id: string }; team?: { id: string } }[]) => items.map((item) => (item.user ?? item.team)!.id);

/** A tenant with three nested collections (top > middle > bottom), a space at the bottom and one at the root, members of each kind and a team. */
async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  const [editor, reader, guest] = await Promise.all([tenant.member("edit"), tenant.member("read"), tenant.member(null)]);
  const post = async (api: Api, path: string, body: object) => {
    const response = await api.post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: string; title: string };
  };
  const top = await post(admin, `/v1/orgs/${organizationId}/collections`, { title: "Top" });
  const middle = await post(admin, `/v1/orgs/${organizationId}/collections`, { title: "Middle", parent: top.id });
  const bottom = await post(admin, `/v1/orgs/${organizationId}/collections`, { title: "Bottom", parent: middle.id });
  const deep = await post(admin, `/v1/orgs/${organizationId}/spaces`, { title: "Deep", parent: bottom.id });
  const other = await post(admin, `/v1/orgs/${organizationId}/spaces`, { title: "Other" });
  const team = (await admin.put(`/v1/orgs/${organizationId}/teams`, { title: "Editors", members: [guest.user.id] })).body as { id: string; title: string };
  return { tenant, organizationId, admin, as, editor, reader, guest, top, middle, bottom, deep, other, team, stranger: apiClient(server.url, tenant.stranger.token), anonymous: apiClient(server.url) };
}
type World = Awaited<ReturnType<typeof setup>>;

/** The same operations on a space (`deep`) and on a collection (`bottom`). */
const kinds = [
  { kind: "space", item: (w: World) => w.deep, base: (w: World) => `/v1/spaces/${w.deep.id}/permissions`, grantWhere: (w: World) => ({ spaceId: w.deep.id }) },
  { kind: "collection", item: (w: World) => w.bottom, base: (w: World) => `/v1/collections/${w.bottom.id}/permissions`, grantWhere: (w: World) => ({ collectionId: w.bottom.id }) },
];

describe.each(kinds)("on a $kind", ({ kind, base, grantWhere, item }) => {
  test("invite users and teams: 204, then listed with their role; inviting again changes the role; a null role removes them; each change recorded", async () => {
    const w = await setup();
    expect((await w.admin.post(base(w), { role: "comment", users: [w.reader.user.id, w.guest.user.id], teams: [w.team.id] })).status).toBe(204);
    const users = await w.admin.get(`${base(w)}/users`);
    expect(users.status).toBe(200);
    expect(users.body.count).toBe(2);
    expect(users.body.items.map((entry: { permission: string; user: { id: string } }) => [entry.user.id, entry.permission]).sort()).toEqual(
      [[w.reader.user.id, "comment"], [w.guest.user.id, "comment"]].sort(),
    );
    const teams = await w.admin.get(`${base(w)}/teams`);
    expect(teams.body.items).toEqual([{ permission: "comment", team: expect.objectContaining({ id: w.team.id, title: "Editors", members: 1 }) }]);

    await w.admin.post(base(w), { role: "edit", users: [w.reader.user.id] });
    await w.admin.post(base(w), { role: null, users: [w.guest.user.id] });
    expect(ids((await w.admin.get(`${base(w)}/users`)).body.items)).toEqual([w.reader.user.id]);
    const events = await db().domainEvent.findMany({ where: { organizationId: w.organizationId, action: { startsWith: "grant." } }, orderBy: { occurredAt: "asc" } });
    const recorded = events.map((event) => [event.action, (event.payload as { subject: { id: string } }).subject.id]);
    // The first invitation's three events share its transaction's time: their order among themselves is not kept.
    expect(recorded.slice(0, 3).sort()).toEqual([["grant.added", w.reader.user.id], ["grant.added", w.guest.user.id], ["grant.added", w.team.id]].sort());
    expect(recorded.slice(3)).toEqual([["grant.changed", w.reader.user.id], ["grant.removed", w.guest.user.id]]);
    expect(events[3]).toMatchObject({ targetType: kind, targetId: item(w).id, targetLabel: item(w).title, payload: { role: "edit", previousRole: "comment" } });
  });

  test("invite: 400 naming the field, 404 for a user or team of another organization (nothing granted), 401, 403 below admin on it, 404 across tenants", async () => {
    const w = await setup();
    expect(fieldsOf(await w.admin.post(base(w), { users: [w.reader.user.id] }))).toMatch(/^role:/);
    expect(fieldsOf(await w.admin.post(base(w), { role: "owner", users: [w.reader.user.id] }))).toMatch(/^role:/);
    expect(fieldsOf(await w.admin.post(base(w), { role: "read", users: [] }))).toMatch(/^users:/);
    expect(fieldsOf(await w.admin.post(base(w), { role: "read", teams: Array.from({ length: 101 }, (_, i) => `t${i}`) }))).toMatch(/^teams:/);
    expect(fieldsOf(await w.admin.post(base(w), { role: "read" }))).toMatch(/^body: Give `users`, `teams` or both/);
    const theirTeam = (await w.stranger.put(`/v1/orgs/${w.tenant.otherOrganization.id}/teams`, { title: "Theirs" })).body;
    expect((await w.admin.post(base(w), { role: "read", users: [w.reader.user.id, w.tenant.stranger.user.id] })).status).toBe(404);
    expect((await w.admin.post(base(w), { role: "read", teams: [theirTeam.id] })).status).toBe(404);
    expect(await db().contentGrant.count({ where: grantWhere(w) })).toBe(0);

    expect((await w.anonymous.post(base(w), { role: "read", users: [w.reader.user.id] })).status).toBe(401);
    const refused = await w.as(w.editor).post(base(w), { role: "admin", users: [w.editor.user.id] });
    expect(refused.status).toBe(403);
    expect(errorMessage(refused)).toMatch(/needs the admin role/);
    expect((await w.stranger.post(base(w), { role: "read", users: [w.tenant.stranger.user.id] })).status).toBe(404);
    expect(await db().contentGrant.count({ where: grantWhere(w) })).toBe(0);
  });

  test("update a user's and a team's role: 204, granting when there was none, null removing; 400, 403, 404", async () => {
    const w = await setup();
    expect((await w.admin.patch(`${base(w)}/users/${w.reader.user.id}`, { role: "review" })).status).toBe(204);
    expect((await w.admin.patch(`${base(w)}/teams/${w.team.id}`, { role: "edit" })).status).toBe(204);
    expect((await db().contentGrant.findMany({ where: grantWhere(w) })).map((grant) => grant.role).sort()).toEqual(["edit", "review"]);
    expect((await w.admin.patch(`${base(w)}/teams/${w.team.id}`, { role: null })).status).toBe(204);
    expect(await db().contentGrant.count({ where: { ...grantWhere(w), teamId: w.team.id } })).toBe(0);

    expect(fieldsOf(await w.admin.patch(`${base(w)}/users/${w.reader.user.id}`, { role: "boss" }))).toMatch(/^role:/);
    expect(fieldsOf(await w.admin.patch(`${base(w)}/users/${w.reader.user.id}`, {}))).toMatch(/^role:/);
    expect((await w.admin.patch(`${base(w)}/users/${w.tenant.stranger.user.id}`, { role: "read" })).status).toBe(404);
    expect((await w.admin.patch(`${base(w)}/teams/nope`, { role: "read" })).status).toBe(404);
    expect((await w.anonymous.patch(`${base(w)}/users/${w.reader.user.id}`, { role: "read" })).status).toBe(401);
    expect((await w.as(w.editor).patch(`${base(w)}/users/${w.editor.user.id}`, { role: "admin" })).status).toBe(403);
    expect((await w.as(w.editor).patch(`${base(w)}/teams/${w.team.id}`, { role: "admin" })).status).toBe(403);
    expect((await w.stranger.patch(`${base(w)}/users/${w.reader.user.id}`, { role: "admin" })).status).toBe(404);
    expect((await db().contentGrant.findMany({ where: grantWhere(w) })).map((grant) => grant.role)).toEqual(["review"]);
  });

  test("remove a user and a team: 204, also when they had nothing; 403 below admin; another tenant's call removes nothing", async () => {
    const w = await setup();
    await w.admin.post(base(w), { role: "read", users: [w.reader.user.id], teams: [w.team.id] });
    expect((await w.as(w.editor).delete(`${base(w)}/users/${w.reader.user.id}`)).status).toBe(403);
    expect((await w.stranger.delete(`${base(w)}/users/${w.reader.user.id}`)).status).toBe(204);
    expect((await w.anonymous.delete(`${base(w)}/teams/${w.team.id}`)).status).toBe(401);
    expect(await db().contentGrant.count({ where: grantWhere(w) })).toBe(2);
    expect((await w.admin.delete(`${base(w)}/users/${w.reader.user.id}`)).status).toBe(204);
    expect((await w.admin.delete(`${base(w)}/teams/${w.team.id}`)).status).toBe(204);
    expect((await w.admin.delete(`${base(w)}/teams/${w.team.id}`)).status).toBe(204);
    expect(await db().contentGrant.count({ where: grantWhere(w) })).toBe(0);
    expect(await db().domainEvent.count({ where: { organizationId: w.organizationId, action: "grant.removed" } })).toBe(2);
  });

  test("the lists: for anyone who can see the item, paged; 401; 404 for who cannot and across tenants", async () => {
    const w = await setup();
    await w.admin.post(base(w), { role: "read", users: [w.reader.user.id, w.editor.user.id] });
    const first = await w.as(w.reader).get(`${base(w)}/users?limit=1`);
    expect(first.status).toBe(200);
    const second = await w.as(w.reader).get(`${base(w)}/users?limit=1&page=${first.body.next.page}`);
    expect([...ids(first.body.items), ...ids(second.body.items)].sort()).toEqual([w.reader.user.id, w.editor.user.id].sort());
    expect((await w.anonymous.get(`${base(w)}/users`)).status).toBe(401);
    for (const list of ["users", "teams", "aggregate"]) {
      expect((await w.stranger.get(`${base(w)}/${list}`)).status).toBe(404);
      // The team's guest reaches nothing yet.
      expect((await w.as(w.guest).get(`${base(w)}/${list}`)).status).toBe(404);
    }
  });
});

describe("the aggregate: everyone who can access, with their effective role", () => {
  test("members by their organization role and default levels, raised by grants, guests by their team's grant; filtered by role, paged", async () => {
    const w = await setup();
    const aggregate = async (query = "") => (await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/aggregate${query}`)).body;
    const roles = (body: { items: { user: { id: string }; permission: string }[] }) => Object.fromEntries(body.items.map((item) => [item.user.id, item.permission]));
    expect(roles(await aggregate())).toEqual({ [w.tenant.admin.user.id]: "admin", [w.editor.user.id]: "edit", [w.reader.user.id]: "read" });

    await w.admin.post(`/v1/collections/${w.top.id}/permissions`, { role: "review", teams: [w.team.id] });
    await w.admin.post(`/v1/spaces/${w.deep.id}/permissions`, { role: "comment", users: [w.reader.user.id] });
    expect(roles(await aggregate())).toEqual({ [w.tenant.admin.user.id]: "admin", [w.editor.user.id]: "edit", [w.reader.user.id]: "comment", [w.guest.user.id]: "review" });
    expect(roles(await aggregate("?role=review"))).toEqual({ [w.guest.user.id]: "review" });

    const first = await aggregate("?limit=3");
    expect(first.count).toBe(4);
    const second = (await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/aggregate?limit=3&page=${first.next.page}`)).body;
    expect(new Set([...ids(first.items), ...ids(second.items)]).size).toBe(4);

    // A closed collection: only its grants and the admins remain.
    await db().collection.update({ where: { id: w.bottom.id }, data: { defaultLevel: null } });
    expect(roles(await aggregate())).toEqual({ [w.tenant.admin.user.id]: "admin", [w.reader.user.id]: "comment", [w.guest.user.id]: "review" });
    expect((await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/aggregate?role=owner`)).status).toBe(400);
  });
});

describe("a team grant three collections up", () => {
  test("gives its members edit on a space below, listed and readable exactly as far as it goes, until they leave the team", async () => {
    const w = await setup();
    const guest = w.as(w.guest);
    const elsewhere = (await w.admin.post(`/v1/orgs/${w.organizationId}/collections`, { title: "Elsewhere" })).body;
    const elsewhereSpace = (await w.admin.post(`/v1/orgs/${w.organizationId}/spaces`, { title: "Elsewhere space", parent: elsewhere.id })).body;
    expect((await guest.get(`/v1/spaces/${w.deep.id}`)).status).toBe(404);

    expect((await w.admin.post(`/v1/collections/${w.top.id}/permissions`, { role: "edit", teams: [w.team.id] })).status).toBe(204);
    const space = await guest.get(`/v1/spaces/${w.deep.id}`);
    expect(space.status).toBe(200);
    expect(space.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
    const changeRequest = await guest.post(`/v1/spaces/${w.deep.id}/change-requests`, { subject: "Edited by a guest" });
    expect(changeRequest.status).toBe(201);
    // Every collection of the granted subtree, every space in it: no more.
    expect(ids((await guest.get(`/v1/orgs/${w.organizationId}/spaces`)).body.items.map((space: { id: string }) => ({ user: space })))).toEqual([w.deep.id]);
    expect((await guest.get(`/v1/orgs/${w.organizationId}/collections`)).body.items.map((c: { id: string }) => c.id).sort()).toEqual([w.top.id, w.middle.id, w.bottom.id].sort());
    for (const hidden of [`/v1/spaces/${w.other.id}`, `/v1/spaces/${elsewhereSpace.id}`, `/v1/collections/${elsewhere.id}`]) expect((await guest.get(hidden)).status).toBe(404);
    expect((await guest.post(`/v1/spaces/${w.other.id}/change-requests`, { subject: "No" })).status).toBe(404);
    const aggregate = await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/aggregate?role=edit`);
    expect(ids(aggregate.body.items)).toContain(w.guest.user.id);

    // Leaving the team ends it.
    expect((await w.admin.delete(`/v1/orgs/${w.organizationId}/teams/${w.team.id}/members/${w.guest.user.id}`)).status).toBe(204);
    expect((await guest.get(`/v1/spaces/${w.deep.id}`)).status).toBe(404);
    expect((await guest.get(`/v1/orgs/${w.organizationId}/spaces`)).body.items).toEqual([]);
    expect(ids((await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/aggregate`)).body.items)).not.toContain(w.guest.user.id);
  });
});

describe("GET …/permissions/explain", () => {
  test("the organization role, when every level up the tree inherits it", async () => {
    const w = await setup();
    const explained = await w.as(w.reader).get(`/v1/spaces/${w.deep.id}/permissions/explain`);
    expect(explained.status).toBe(200);
    expect(explained.body).toMatchObject({ object: "access-explanation", user: { id: w.reader.user.id }, organizationRole: "read", role: "read", target: { type: "space", id: w.deep.id, title: "Deep" } });
    expect(explained.body.sources).toEqual([{ kind: "organization-role", role: "read", gives: "read", decisive: true }]);
  });

  test("a collection's default level three levels up, capped by the organization role", async () => {
    const w = await setup();
    await w.admin.patch(`/v1/collections/${w.top.id}`, { defaultLevel: "comment" });
    const body = (await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/explain?user=${w.editor.user.id}`)).body;
    expect(body.role).toBe("comment");
    expect(body.sources).toEqual([
      { kind: "organization-role", role: "edit", gives: null, decisive: false },
      { kind: "default-level", level: "comment", on: { type: "collection", id: w.top.id, title: "Top" }, levelsUp: 3, gives: "comment", decisive: true },
    ]);
    // On the collection itself, the same level is two levels up.
    const onBottom = (await w.admin.get(`/v1/collections/${w.bottom.id}/permissions/explain?user=${w.editor.user.id}`)).body;
    expect(onBottom.sources[1]).toMatchObject({ kind: "default-level", levelsUp: 2, on: { id: w.top.id } });
  });

  test("a user grant and a team grant, each named with where it is; the highest decides", async () => {
    const w = await setup();
    await w.admin.post(`/v1/spaces/${w.deep.id}/permissions`, { role: "comment", users: [w.guest.user.id] });
    await w.admin.post(`/v1/collections/${w.middle.id}/permissions`, { role: "edit", teams: [w.team.id] });
    const body = (await w.admin.get(`/v1/spaces/${w.deep.id}/permissions/explain?user=${w.guest.user.id}`)).body;
    expect(body).toMatchObject({ organizationRole: null, role: "edit" });
    expect(body.sources).toEqual(
      expect.arrayContaining([
        { kind: "organization-role", role: null, gives: null, decisive: false },
        { kind: "grant", role: "comment", on: { type: "space", id: w.deep.id, title: "Deep" }, gives: "comment", decisive: false },
        { kind: "grant", role: "edit", on: { type: "collection", id: w.middle.id, title: "Middle" }, team: { id: w.team.id, title: "Editors" }, gives: "edit", decisive: true },
      ]),
    );
    expect(body.sources).toHaveLength(3);
  });

  test("anyone may ask about themself, admins of the item about any member: 403 below, 404 for a non-member, another tenant or an item out of sight; 400; 401", async () => {
    const w = await setup();
    const path = `/v1/spaces/${w.deep.id}/permissions/explain`;
    expect((await w.as(w.editor).get(`${path}?user=${w.editor.user.id}`)).status).toBe(200);
    const refused = await w.as(w.editor).get(`${path}?user=${w.reader.user.id}`);
    expect(refused.status).toBe(403);
    expect((await w.admin.get(`${path}?user=${w.tenant.stranger.user.id}`)).status).toBe(404);
    expect((await w.stranger.get(`${path}?user=${w.tenant.stranger.user.id}`)).status).toBe(404);
    expect((await w.as(w.guest).get(path)).status).toBe(404);
    expect(fieldsOf(await w.admin.get(`${path}?user=${"x".repeat(65)}`))).toMatch(/^user:/);
    expect((await w.anonymous.get(path)).status).toBe(401);
    // A grant of admin on the space lets a member explain others there.
    await w.admin.post(`/v1/spaces/${w.deep.id}/permissions`, { role: "admin", users: [w.editor.user.id] });
    expect((await w.as(w.editor).get(`${path}?user=${w.reader.user.id}`)).body.role).toBe("read");
  });
});
