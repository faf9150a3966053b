import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** Teams and team membership (the reference's `teams` and `team-members` operations). */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const [editor, reader, guest] = await Promise.all([tenant.member("edit"), tenant.member("read"), tenant.member(null)]);
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  const teams = `/v1/orgs/${organizationId}/teams`;
  const createTeam = async (title: string, members: string[] = []) => {
    const created = await admin.put(teams, { title, members });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; title: string };
  };
  return { tenant, organizationId, admin, editor, reader, guest, as, teams, createTeam, stranger: apiClient(server.url, tenant.stranger.token), anonymous: apiClient(server.url) };
}

// Which fields a 400 is about, with why: `field: message`.
const fieldsOf = (response: { body: { error?: { details?: { fields?: Record<string, string> } } } }) => fieldErrorsOf(response.body);

describe("PUT /v1/orgs/{organizationId}/teams (createOrganizationTeam)", () => {
  test("creates a team with members of the organization, 201 with its counts and permissions, and records it", async () => {
    const { admin, teams, editor, guest, organizationId } = await setup();
    const created = await admin.put(teams, { title: "  Writers  ", members: [editor.user.id, guest.user.id] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "team", title: "Writers", members: 2, spaces: 0, permissions: { admin: true, view: true } });
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "team.created" } });
    expect(event).toMatchObject({ targetType: "team", targetId: created.body.id, targetLabel: "Writers", source: "api" });
    expect(event.payload).toMatchObject({ members: [editor.user.id, guest.user.id] });
  });

  test("400 naming the field: no title, an overlong one, too many members, a user of another organization", async () => {
    const { admin, teams, tenant } = await setup();
    expect(fieldsOf(await admin.put(teams, {}))).toMatch(/^title:/);
    expect(fieldsOf(await admin.put(teams, { title: "x".repeat(65) }))).toMatch(/^title:/);
    expect(fieldsOf(await admin.put(teams, { title: "   " }))).toMatch(/^title:/);
    expect(fieldsOf(await admin.put(teams, { title: "Big", members: Array.from({ length: 101 }, (_, i) => `user${i}`) }))).toMatch(/^members:/);
    const outsider = await admin.put(teams, { title: "Mixed", members: [tenant.stranger.user.id] });
    expect(outsider.status).toBe(400);
    expect(fieldsOf(outsider)).toMatch(/^members: .* is not a member/);
    expect(await db().team.count({ where: { organizationId: tenant.organization.id } })).toBe(0);
  });

  test("401 without a token, 403 below admin, 404 in another organization", async () => {
    const { anonymous, teams, as, editor, guest, stranger } = await setup();
    expect((await anonymous.put(teams, { title: "T" })).status).toBe(401);
    expect((await as(editor).put(teams, { title: "T" })).status).toBe(403);
    expect((await as(guest).put(teams, { title: "T" })).status).toBe(403);
    expect((await stranger.put(teams, { title: "T" })).status).toBe(404);
  });
});

describe("GET /v1/orgs/{organizationId}/teams (listTeamsInOrganizationById)", () => {
  test("lists in creation order, paged, filtered by title (case-insensitive) and by what a member can manage", async () => {
    const { admin, teams, createTeam, editor, organizationId } = await setup();
    const writers = await createTeam("Writers", [editor.user.id]);
    const reviewers = await createTeam("Reviewers");
    const support = await createTeam("Support writers");
    await admin.put(`${teams}/${support.id}/members/${editor.user.id}`, { role: "owner" });

    const all = await admin.get(`${teams}?limit=2`);
    expect(all.body.count).toBe(3);
    expect(all.body.items.map((team: { id: string }) => team.id)).toEqual([writers.id, reviewers.id]);
    const rest = await admin.get(`${teams}?limit=2&page=${all.body.next.page}`);
    expect(rest.body.items.map((team: { id: string }) => team.id)).toEqual([support.id]);
    expect(rest.body.next).toBeUndefined();

    const titled = await admin.get(`${teams}?title=WRITER`);
    expect(titled.body.items.map((team: { title: string }) => team.title)).toEqual(["Writers", "Support writers"]);
    // The editor owns one team; the admin can manage them all.
    expect((await admin.get(`${teams}?owner=${editor.user.id}`)).body.items.map((team: { id: string }) => team.id)).toEqual([support.id]);
    expect((await admin.get(`${teams}?owner=${(await db().member.findFirstOrThrow({ where: { organizationId, role: "admin" } })).userId}`)).body.count).toBe(3);
  });

  test("members see every team with what they may do; guests only their own teams", async () => {
    const { teams, createTeam, as, editor, guest, admin } = await setup();
    const mine = await createTeam("Mine", [guest.user.id]);
    const owned = await createTeam("Owned");
    await admin.put(`${teams}/${owned.id}/members/${editor.user.id}`, { role: "owner" });
    const byEditor = await as(editor).get(teams);
    expect(byEditor.body.items.map((team: { title: string; permissions: object }) => [team.title, team.permissions])).toEqual([
      ["Mine", { admin: false, view: true }],
      ["Owned", { admin: true, view: true }],
    ]);
    const byGuest = await as(guest).get(teams);
    expect(byGuest.body.items.map((team: { id: string }) => team.id)).toEqual([mine.id]);
    expect((await as(guest).get(`${teams}/${owned.id}`)).status).toBe(404);
  });

  test("400 naming the parameter, 401, 404 in another organization", async () => {
    const { admin, teams, anonymous, stranger, tenant } = await setup();
    expect(fieldsOf(await admin.get(`${teams}?title=${"x".repeat(65)}`))).toMatch(/^title:/);
    expect(fieldsOf(await admin.get(`${teams}?owner=${tenant.stranger.user.id}`))).toMatch(/^owner:/);
    expect(fieldsOf(await admin.get(`${teams}?limit=0`))).toMatch(/^limit:/);
    expect((await anonymous.get(teams)).status).toBe(401);
    expect((await stranger.get(teams)).status).toBe(404);
  });
});

describe("a team: get, rename, delete", () => {
  test("get answers the team with its counts; spaces counts what its grants reach", async () => {
    const { admin, teams, createTeam, editor, organizationId } = await setup();
    const team = await createTeam("Docs", [editor.user.id]);
    const collection = (await admin.post(`/v1/orgs/${organizationId}/collections`, { title: "Guides" })).body;
    await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "One", parent: collection.id });
    await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Two", parent: collection.id });
    const single = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Three" })).body;
    await admin.post(`/v1/collections/${collection.id}/permissions`, { role: "read", teams: [team.id] });
    await admin.post(`/v1/spaces/${single.id}/permissions`, { role: "edit", teams: [team.id] });
    const got = await admin.get(`${teams}/${team.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: team.id, title: "Docs", members: 1, spaces: 3 });
  });

  test("rename: 200 with the new title and a team.renamed event; 400 naming title; 403 for members who do not own it; owners may", async () => {
    const { admin, teams, createTeam, as, editor, organizationId } = await setup();
    const team = await createTeam("Docs", [editor.user.id]);
    const renamed = await admin.patch(`${teams}/${team.id}`, { title: "Documentation" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("Documentation");
    expect(await db().domainEvent.findFirst({ where: { organizationId, action: "team.renamed" } })).toMatchObject({ payload: { from: "Docs", to: "Documentation" } });
    expect(fieldsOf(await admin.patch(`${teams}/${team.id}`, { title: "" }))).toMatch(/^title:/);
    expect(fieldsOf(await admin.patch(`${teams}/${team.id}`, {}))).toMatch(/^title:/);
    expect((await as(editor).patch(`${teams}/${team.id}`, { title: "Mine" })).status).toBe(403);
    await admin.put(`${teams}/${team.id}/members/${editor.user.id}`, { role: "owner" });
    expect((await as(editor).patch(`${teams}/${team.id}`, { title: "Ours" })).body.title).toBe("Ours");
  });

  test("delete: 204, also when absent; the grants go with it; 403 below its managers; another organization's team is untouched", async () => {
    const { admin, teams, createTeam, as, reader, tenant, organizationId } = await setup();
    const team = await createTeam("Gone", [reader.user.id]);
    const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "S" })).body;
    await admin.post(`/v1/spaces/${space.id}/permissions`, { role: "edit", teams: [team.id] });
    expect((await as(reader).delete(`${teams}/${team.id}`)).status).toBe(403);
    expect((await admin.delete(`${teams}/${team.id}`)).status).toBe(204);
    expect(await db().team.findUnique({ where: { id: team.id } })).toBeNull();
    expect(await db().contentGrant.count({ where: { spaceId: space.id } })).toBe(0);
    expect((await admin.delete(`${teams}/${team.id}`)).status).toBe(204);
    expect((await admin.get(`${teams}/${team.id}`)).status).toBe(404);

    const theirs = await apiClient(server.url, tenant.stranger.token).put(`/v1/orgs/${tenant.otherOrganization.id}/teams`, { title: "Theirs" });
    expect((await admin.delete(`/v1/orgs/${tenant.otherOrganization.id}/teams/${theirs.body.id}`)).status).toBe(204);
    expect((await admin.delete(`${teams}/${theirs.body.id}`)).status).toBe(204);
    expect(await db().team.findUnique({ where: { id: theirs.body.id } })).not.toBeNull();
  });

  test("401 and 404 across tenants for get and rename", async () => {
    const { teams, createTeam, anonymous, stranger, tenant } = await setup();
    const team = await createTeam("Ours");
    expect((await anonymous.get(`${teams}/${team.id}`)).status).toBe(401);
    expect((await stranger.get(`${teams}/${team.id}`)).status).toBe(404);
    expect((await stranger.patch(`${teams}/${team.id}`, { title: "X" })).status).toBe(404);
    // Their own organization's path with our team's id: not found either.
    expect((await stranger.get(`/v1/orgs/${tenant.otherOrganization.id}/teams/${team.id}`)).status).toBe(404);
  });
});

describe("team members", () => {
  test("list: members of the organization with their role in the team, paged; the counts as members", async () => {
    const { admin, teams, createTeam, editor, reader } = await setup();
    const team = await createTeam("Docs", [editor.user.id, reader.user.id]);
    await admin.put(`${teams}/${team.id}/members/${editor.user.id}`, { role: "owner" });
    const first = await admin.get(`${teams}/${team.id}/members?limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(2);
    const second = await admin.get(`${teams}/${team.id}/members?page=${first.body.next.page}`);
    const items = [...first.body.items, ...second.body.items];
    const byId = Object.fromEntries(items.map((item: { organization: { id: string } }) => [item.organization.id, item]));
    expect(byId[editor.user.id]).toMatchObject({ team: { role: "owner" }, organization: { object: "member", role: "edit", teams: 1, user: { id: editor.user.id } }, permissions: { view: true } });
    expect(byId[reader.user.id]).toMatchObject({ team: { role: "member" }, organization: { role: "read" } });
  });

  test("update: add (by id or email), set roles, remove, in one change recorded once", async () => {
    const { admin, teams, createTeam, editor, reader, guest, organizationId } = await setup();
    const team = await createTeam("Docs", [reader.user.id]);
    const updated = await admin.put(`${teams}/${team.id}/members`, {
      add: [editor.user.id, guest.user.email.toUpperCase()],
      memberships: { [editor.user.id]: { role: "owner" } },
      remove: [reader.user.id],
    });
    expect(updated.status).toBe(204);
    const rows = await db().teamMember.findMany({ where: { teamId: team.id }, orderBy: { userId: "asc" } });
    expect(Object.fromEntries(rows.map((row) => [row.userId, row.role]))).toEqual({ [editor.user.id]: "owner", [guest.user.id]: "member" });
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "team.members_changed" } });
    expect(event.payload).toMatchObject({ removed: [reader.user.id] });
    // The same again changes nothing and records nothing.
    await admin.put(`${teams}/${team.id}/members`, { add: [editor.user.id] });
    expect(await db().domainEvent.count({ where: { organizationId, action: "team.members_changed" } })).toBe(1);
  });

  test("update: 400 naming the field for a user outside the organization, a bad role, too many; 403 below its managers", async () => {
    const { admin, teams, createTeam, as, editor, tenant } = await setup();
    const team = await createTeam("Docs");
    expect(fieldsOf(await admin.put(`${teams}/${team.id}/members`, { add: [tenant.stranger.user.id] }))).toMatch(/^add: /);
    expect(fieldsOf(await admin.put(`${teams}/${team.id}/members`, { add: ["nobody@nowhere.test"] }))).toMatch(/^add: /);
    expect(fieldsOf(await admin.put(`${teams}/${team.id}/members`, { memberships: { [editor.user.id]: { role: "boss" } } }))).toMatch(/^memberships\./);
    expect(fieldsOf(await admin.put(`${teams}/${team.id}/members`, { remove: Array.from({ length: 101 }, (_, i) => `u${i}`) }))).toMatch(/^remove:/);
    expect((await as(editor).put(`${teams}/${team.id}/members`, { add: [editor.user.id] })).status).toBe(403);
    expect(await db().teamMember.count({ where: { teamId: team.id } })).toBe(0);
  });

  test("add and delete one: 204; a user of another organization is a 404; deleting an absent member is a 204; team owners manage members", async () => {
    const { admin, teams, createTeam, as, editor, reader, tenant } = await setup();
    const team = await createTeam("Docs");
    expect((await admin.put(`${teams}/${team.id}/members/${editor.user.id}`, { role: "owner" })).status).toBe(204);
    expect((await as(reader).put(`${teams}/${team.id}/members/${reader.user.id}`)).status).toBe(403);
    expect((await as(editor).put(`${teams}/${team.id}/members/${reader.user.id}`)).status).toBe(204);
    expect((await admin.put(`${teams}/${team.id}/members/${tenant.stranger.user.id}`)).status).toBe(404);
    expect(fieldsOf(await admin.put(`${teams}/${team.id}/members/${reader.user.id}`, { role: "chief" }))).toMatch(/^role:/);
    expect((await as(reader).delete(`${teams}/${team.id}/members/${reader.user.id}`)).status).toBe(403);
    expect((await as(editor).delete(`${teams}/${team.id}/members/${reader.user.id}`)).status).toBe(204);
    expect((await admin.delete(`${teams}/${team.id}/members/${reader.user.id}`)).status).toBe(204);
    expect((await db().teamMember.findMany({ where: { teamId: team.id } })).map((row) => row.userId)).toEqual([editor.user.id]);
  });

  test("401, and 404 for another organization's team", async () => {
    const { teams, createTeam, anonymous, stranger, editor } = await setup();
    const team = await createTeam("Docs", [editor.user.id]);
    expect((await anonymous.get(`${teams}/${team.id}/members`)).status).toBe(401);
    expect((await stranger.get(`${teams}/${team.id}/members`)).status).toBe(404);
    expect((await stranger.put(`${teams}/${team.id}/members`, { remove: [editor.user.id] })).status).toBe(404);
    expect((await stranger.put(`${teams}/${team.id}/members/${editor.user.id}`)).status).toBe(404);
    expect((await stranger.delete(`${teams}/${team.id}/members/${editor.user.id}`)).status).toBe(404);
    expect(await db().teamMember.count({ where: { teamId: team.id } })).toBe(1);
  });
});
