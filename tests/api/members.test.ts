import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import { newId } from "../../server/ids";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** The reference's `organization-members` operations: list, get, change role, remove, ping, a member's spaces and teams. */

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
  const members = `/v1/orgs/${organizationId}/members`;
  return { tenant, organizationId, admin, editor, reader, guest, as, members, stranger: apiClient(server.url, tenant.stranger.token), anonymous: apiClient(server.url) };
}

// Which fields a 400 is about, with why: `field: message`.
const fieldsOf = (response: { body: { error?: { details?: { fields?: Record<string, string> } } } }) => fieldErrorsOf(response.body);
const ids = (response: { body: { items: { id: string }[] } }) => response.body.items.map((item) => item.id);

describe("GET /v1/orgs/{organizationId}/members (listMembersInOrganizationById)", () => {
  test("lists members newest first by default, paged, with counts; order, role filter and search on name and email", async () => {
    const { admin, members, tenant, editor, reader, guest } = await setup();
    await db().user.update({ where: { id: editor.user.id }, data: { displayName: "Ada Lovelace" } });
    await db().user.update({ where: { id: reader.user.id }, data: { email: `ada.reader-${newId().toLowerCase()}@example.test` } });
    // The others' generated names and emails are random and could hold "ada": they get ones that cannot.
    for (const [userId, name] of [[tenant.admin.user.id, "grace"], [guest.user.id, "alan"]] as const) {
      await db().user.update({ where: { id: userId }, data: { displayName: name, email: `${name}-${process.hrtime.bigint()}@example.test` } });
    }
    // Distinct join times: the admin first, then editor, reader, guest.
    const base = Date.now() - 60_000;
    for (const [index, userId] of [tenant.admin.user.id, editor.user.id, reader.user.id, guest.user.id].entries()) {
      await db().member.update({ where: { organizationId_userId: { organizationId: tenant.organization.id, userId } }, data: { joinedAt: new Date(base + index * 1000) } });
    }
    const all = await admin.get(members);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(4);
    expect(ids(all)).toEqual([guest.user.id, reader.user.id, editor.user.id, tenant.admin.user.id]);
    expect(all.body.items[3]).toMatchObject({ object: "member", role: "admin", sso: false, disabled: false, spaces: 0, teams: 0, user: { id: tenant.admin.user.id } });

    const first = await admin.get(`${members}?limit=3&order=asc`);
    expect(ids(first)).toEqual([tenant.admin.user.id, editor.user.id, reader.user.id]);
    const rest = await admin.get(`${members}?limit=3&order=asc&page=${first.body.next.page}`);
    expect(ids(rest)).toEqual([guest.user.id]);
    expect(rest.body.next).toBeUndefined();

    expect(ids(await admin.get(`${members}?role=edit`))).toEqual([editor.user.id]);
    expect(ids(await admin.get(`${members}?role=guest`))).toEqual([guest.user.id]);
    // "ada" is the editor's name and part of the reader's email.
    expect(ids(await admin.get(`${members}?search=ADA`)).sort()).toEqual([editor.user.id, reader.user.id].sort());
    // LIKE's wildcards are matched as themselves.
    expect((await admin.get(`${members}?search=${encodeURIComponent("%")}`)).body.count).toBe(0);
  });

  test("sort=lastSeenAt lists only members seen, most recent first; ping records it", async () => {
    const { admin, members, as, editor, reader, organizationId } = await setup();
    expect((await admin.get(`${members}?sort=lastSeenAt`)).body.count).toBe(0);
    const pinged = await as(reader).post(`/v1/orgs/${organizationId}/ping`);
    expect(pinged.status).toBe(200);
    expect(pinged.body).toEqual({});
    await db().member.update({ where: { organizationId_userId: { organizationId, userId: reader.user.id } }, data: { lastSeenAt: new Date(Date.now() - 3600_000) } });
    await as(editor).post(`/v1/orgs/${organizationId}/ping`);
    const seen = await admin.get(`${members}?sort=lastSeenAt`);
    expect(ids(seen)).toEqual([editor.user.id, reader.user.id]);
    expect(seen.body.items[0].lastSeenAt).toBeDefined();
    expect(ids(await admin.get(`${members}?sort=lastSeenAt&order=asc&limit=1`))).toEqual([reader.user.id]);
    // A second ping within the minute writes nothing new.
    const before = (await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: editor.user.id } } })).lastSeenAt;
    await as(editor).post(`/v1/orgs/${organizationId}/ping`);
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: editor.user.id } } })).lastSeenAt).toEqual(before);
  });

  test("400 naming the parameter, 401, 403 for guests, 404 in another organization", async () => {
    const { admin, members, anonymous, stranger, as, guest, organizationId } = await setup();
    expect(fieldsOf(await admin.get(`${members}?role=owner`))).toMatch(/^role:/);
    expect(fieldsOf(await admin.get(`${members}?sort=email`))).toMatch(/^sort:/);
    expect(fieldsOf(await admin.get(`${members}?order=up`))).toMatch(/^order:/);
    expect(fieldsOf(await admin.get(`${members}?search=${"x".repeat(101)}`))).toMatch(/^search:/);
    expect(fieldsOf(await admin.get(`${members}?page=nonsense`))).toMatch(/^page:/);
    expect((await anonymous.get(members)).status).toBe(401);
    expect((await as(guest).get(members)).status).toBe(403);
    expect((await stranger.get(members)).status).toBe(404);
    expect((await stranger.post(`/v1/orgs/${organizationId}/ping`)).status).toBe(404);
    expect((await anonymous.post(`/v1/orgs/${organizationId}/ping`)).status).toBe(401);
  });
});

describe("a member: get, change role, remove", () => {
  test("get: members see each other, guests only themselves; another organization's member is not found", async () => {
    const { members, as, editor, guest, reader, stranger, tenant, admin } = await setup();
    expect((await as(reader).get(`${members}/${editor.user.id}`)).body).toMatchObject({ id: editor.user.id, role: "edit" });
    expect((await as(guest).get(`${members}/${guest.user.id}`)).status).toBe(200);
    expect((await as(guest).get(`${members}/${editor.user.id}`)).status).toBe(403);
    expect((await stranger.get(`${members}/${editor.user.id}`)).status).toBe(404);
    expect((await admin.get(`${members}/${tenant.stranger.user.id}`)).status).toBe(404);
    expect(fieldsOf(await admin.get(`${members}/bad%20id`))).toMatch(/^userId:/);
  });

  test("PATCH changes the role (null makes a guest) and records it; only admins", async () => {
    const { admin, members, editor, as, reader, organizationId, stranger, anonymous } = await setup();
    const changed = await admin.patch(`${members}/${editor.user.id}`, { role: "review" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: editor.user.id, role: "review" });
    expect((await admin.patch(`${members}/${editor.user.id}`, { role: null })).body.role).toBeNull();
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "member.role_changed" }, orderBy: { occurredAt: "asc" } });
    expect(event).toMatchObject({ targetId: editor.user.id, source: "api" });
    expect(event.payload).toEqual({ from: "edit", to: "review" });
    expect(fieldsOf(await admin.patch(`${members}/${editor.user.id}`, { role: "owner" }))).toMatch(/^role:/);
    expect(fieldsOf(await admin.patch(`${members}/${editor.user.id}`, {}))).toMatch(/^role:/);
    expect((await as(reader).patch(`${members}/${editor.user.id}`, { role: "admin" })).status).toBe(403);
    expect((await stranger.patch(`${members}/${editor.user.id}`, { role: "admin" })).status).toBe(404);
    expect((await anonymous.patch(`${members}/${editor.user.id}`, { role: "admin" })).status).toBe(401);
    expect((await admin.patch(`${members}/${newId()}`, { role: "read" })).status).toBe(404);
  });

  test("the last admin can be neither demoted nor removed: 409 with details; with a second admin both work", async () => {
    const { admin, members, tenant, editor, organizationId } = await setup();
    const demoted = await admin.patch(`${members}/${tenant.admin.user.id}`, { role: "read" });
    expect(demoted.status).toBe(409);
    expect(demoted.body.error).toMatchObject({ message: expect.stringMatching(/last admin/), details: { lastAdmin: tenant.admin.user.id } });
    const removed = await admin.delete(`${members}/${tenant.admin.user.id}`);
    expect(removed.status).toBe(409);
    expect(removed.body.error.details).toEqual({ lastAdmin: tenant.admin.user.id });
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: tenant.admin.user.id } } })).role).toBe("admin");
    await admin.patch(`${members}/${editor.user.id}`, { role: "admin" });
    expect((await admin.patch(`${members}/${tenant.admin.user.id}`, { role: "read" })).status).toBe(200);
  });

  test("DELETE removes the member with their grants and team memberships, ends their sessions, records it; 204 when absent", async () => {
    const { admin, members, editor, organizationId, as, stranger, reader } = await setup();
    const space = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Shared" })).body;
    await admin.post(`/v1/spaces/${space.id}/permissions`, { role: "edit", users: [editor.user.id] });
    const team = (await admin.put(`/v1/orgs/${organizationId}/teams`, { title: "Writers", members: [editor.user.id] })).body;
    expect((await admin.get(`${members}/${editor.user.id}`)).body).toMatchObject({ spaces: 1, teams: 1 });
    const sessionVersion = (await db().user.findUniqueOrThrow({ where: { id: editor.user.id } })).sessionVersion;

    expect((await as(reader).delete(`${members}/${editor.user.id}`)).status).toBe(403);
    expect((await stranger.delete(`${members}/${editor.user.id}`)).status).toBe(404);
    const removed = await admin.delete(`${members}/${editor.user.id}`);
    expect(removed.status).toBe(204);
    expect(await db().member.findUnique({ where: { organizationId_userId: { organizationId, userId: editor.user.id } } })).toBeNull();
    expect(await db().contentGrant.count({ where: { organizationId, userId: editor.user.id } })).toBe(0);
    expect(await db().teamMember.count({ where: { teamId: team.id } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: editor.user.id } })).sessionVersion).toBeGreaterThan(sessionVersion);
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "member.removed" } });
    expect(event.payload).toMatchObject({ role: "edit", grantsRemoved: 1, teamsLeft: 1, left: false });
    // Their token no longer reaches the organization.
    expect((await as(editor).get(`/v1/orgs/${organizationId}`)).status).toBe(404);
    expect((await admin.delete(`${members}/${editor.user.id}`)).status).toBe(204);
  });

  test("a member may leave: DELETE of themself", async () => {
    const { members, reader, as, organizationId } = await setup();
    expect((await as(reader).delete(`${members}/${reader.user.id}`)).status).toBe(204);
    expect(await db().member.findUnique({ where: { organizationId_userId: { organizationId, userId: reader.user.id } } })).toBeNull();
  });
});

describe("a member's spaces and teams", () => {
  test("listSpacesForOrganizationMember: the spaces the member reaches with their role there; admins and the member only", async () => {
    const { admin, organizationId, members, guest, as, reader, stranger } = await setup();
    const open = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Open" })).body;
    const granted = (await admin.post(`/v1/orgs/${organizationId}/spaces`, { title: "Granted" })).body;
    await admin.post(`/v1/spaces/${granted.id}/permissions`, { role: "edit", users: [guest.user.id] });
    const forGuest = await admin.get(`${members}/${guest.user.id}/spaces`);
    expect(forGuest.status).toBe(200);
    expect(forGuest.body.items.map((item: { permission: string; space: { id: string } }) => [item.space.id, item.permission])).toEqual([[granted.id, "edit"]]);
    const forReader = await as(reader).get(`${members}/${reader.user.id}/spaces?order=asc`);
    expect(forReader.body.items.map((item: { space: { id: string } }) => item.space.id)).toEqual([open.id, granted.id].sort());
    expect(forReader.body.items.every((item: { permission: string }) => item.permission === "read")).toBe(true);
    expect((await as(reader).get(`${members}/${guest.user.id}/spaces`)).status).toBe(403);
    expect((await stranger.get(`${members}/${guest.user.id}/spaces`)).status).toBe(404);
    expect(fieldsOf(await admin.get(`${members}/${guest.user.id}/spaces?order=sideways`))).toMatch(/^order:/);
  });

  test("listTeamsForOrganizationMember: the member's teams with their team role, filtered by title", async () => {
    const { admin, organizationId, members, editor, as, guest, stranger } = await setup();
    const writers = (await admin.put(`/v1/orgs/${organizationId}/teams`, { title: "Writers", members: [editor.user.id] })).body;
    const reviewers = (await admin.put(`/v1/orgs/${organizationId}/teams`, { title: "Reviewers" })).body;
    await admin.put(`/v1/orgs/${organizationId}/teams/${reviewers.id}/members/${editor.user.id}`, { role: "owner" });
    const listed = await admin.get(`${members}/${editor.user.id}/teams`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { team: { id: string }; member: { role: string } }) => [item.team.id, item.member.role]).sort()).toEqual(
      [
        [writers.id, "member"],
        [reviewers.id, "owner"],
      ].sort(),
    );
    expect((await admin.get(`${members}/${editor.user.id}/teams?title=WRIT`)).body.items.map((item: { team: { id: string } }) => item.team.id)).toEqual([writers.id]);
    expect((await as(guest).get(`${members}/${editor.user.id}/teams`)).status).toBe(403);
    expect((await stranger.get(`${members}/${editor.user.id}/teams`)).status).toBe(404);
    expect(fieldsOf(await admin.get(`${members}/${editor.user.id}/teams?title=${"x".repeat(101)}`))).toMatch(/^title:/);
  });
});
