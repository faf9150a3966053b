import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { db } from "../../server/db/client";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";

/** Grants on sites (the reference's site-permissions and site-users), through the one grant mechanism of spaces and collections. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const ids = (items: { user?: { id: string }; team?: { id: string } }[]) => items.map((item) => (item.user ?? item.team)!.id);

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const [editor, reader, guest] = await Promise.all([tenant.member("edit"), tenant.member("read"), tenant.member(null)]);
  const site = (await admin.post(`/v1/orgs/${organizationId}/sites`, { title: "Docs" })).body as { id: string };
  const team = (await admin.put(`/v1/orgs/${organizationId}/teams`, { title: "Writers", members: [guest.user.id] })).body as { id: string };
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  return { tenant, organizationId, admin, as, editor, reader, guest, site, team, base: `/v1/orgs/${organizationId}/sites/${site.id}/permissions` };
}

describe("site permissions", () => {
  test("invite users and teams; listed with their role; the grant raises the role on the site; changes recorded with the siteId", async () => {
    const w = await setup();
    expect((await w.admin.post(w.base, { role: "admin", users: [w.editor.user.id], teams: [w.team.id] })).status).toBe(204);
    const users = await w.admin.get(`${w.base}/users`);
    expect(users.status).toBe(200);
    expect(users.body.items).toEqual([{ permission: "admin", user: expect.objectContaining({ id: w.editor.user.id }) }]);
    const teams = await w.admin.get(`${w.base}/teams`);
    expect(teams.body.items).toEqual([{ permission: "admin", team: expect.objectContaining({ id: w.team.id }) }]);
    // The editor now administers the site; the guest through their team.
    const editorSite = await w.as(w.editor).get(`/v1/orgs/${w.organizationId}/sites/${w.site.id}`);
    expect(editorSite.body.permissions.admin).toBe(true);
    expect((await w.as(w.guest).patch(`/v1/orgs/${w.organizationId}/sites/${w.site.id}`, { title: "By the team" })).status).toBe(200);
    const events = await db().domainEvent.findMany({ where: { targetId: w.site.id, action: "grant.added" } });
    expect(events).toHaveLength(2);
    expect(events[0]!.payload).toMatchObject({ siteId: w.site.id });

    expect((await w.admin.patch(`${w.base}/users/${w.editor.user.id}`, { role: "read" })).status).toBe(204);
    expect((await w.admin.get(`${w.base}/users`)).body.items[0].permission).toBe("read");
    expect((await w.admin.patch(`${w.base}/teams/${w.team.id}`, { role: "comment" })).status).toBe(204);
    expect((await w.admin.delete(`${w.base}/users/${w.editor.user.id}`)).status).toBe(204);
    expect((await w.admin.delete(`${w.base}/teams/${w.team.id}`)).status).toBe(204);
    expect((await w.admin.delete(`${w.base}/teams/${w.team.id}`)).status).toBe(204);
    expect(await db().contentGrant.count({ where: { siteId: w.site.id } })).toBe(0);
    // The guest lost the site with the team's grant.
    expect((await w.as(w.guest).get(`/v1/orgs/${w.organizationId}/sites/${w.site.id}`)).status).toBe(404);
  });

  test("aggregate: everyone with access, their role and where it comes from", async () => {
    const w = await setup();
    await w.admin.post(w.base, { role: "create", teams: [w.team.id] });
    await w.admin.post(w.base, { role: "admin", users: [w.reader.user.id] });
    const aggregate = await w.admin.get(`${w.base}/aggregate`);
    expect(aggregate.status).toBe(200);
    const byUser = new Map((aggregate.body.items as { user: { id: string }; permission: string; origin: unknown; disabled: boolean }[]).map((item) => [item.user.id, item]));
    expect(byUser.get(w.tenant.admin.user.id)).toMatchObject({ permission: "admin", origin: { type: "organization", organization: w.organizationId }, disabled: false });
    expect(byUser.get(w.editor.user.id)).toMatchObject({ permission: "edit", origin: { type: "organization" } });
    expect(byUser.get(w.reader.user.id)).toMatchObject({ permission: "admin", origin: { type: "site", site: w.site.id, reason: "member" } });
    expect(byUser.get(w.guest.user.id)).toMatchObject({ permission: "create", origin: { type: "site", reason: "team", team: w.team.id } });
    expect(aggregate.body.count).toBe(4);
    const admins = await w.admin.get(`${w.base}/aggregate?role=admin`);
    expect(ids(admins.body.items).sort()).toEqual([w.tenant.admin.user.id, w.reader.user.id].sort());
    // A default level on the site decides for members without grants.
    await w.admin.patch(`/v1/orgs/${w.organizationId}/sites/${w.site.id}`, { defaultLevel: "read" });
    const capped = await w.admin.get(`${w.base}/aggregate`);
    expect(capped.body.items.find((item: { user: { id: string } }) => item.user.id === w.editor.user.id)).toMatchObject({
      permission: "read",
      origin: { type: "site", reason: "default" },
    });
  });

  test("400 naming the field, 404 for a user or team of another organization, 403 below admin on the site, 404 across tenants", async () => {
    const w = await setup();
    const bad = await w.admin.post(w.base, { role: "owner", users: [w.editor.user.id] });
    expect(bad.status).toBe(400);
    expect(fieldErrorsOf(bad.body)).toMatch(/^role/);
    expect((await w.admin.post(w.base, { role: "read" })).status).toBe(400);
    expect((await w.admin.post(w.base, { role: "read", users: [w.tenant.stranger.user.id] })).status).toBe(404);
    expect((await w.as(w.editor).post(w.base, { role: "admin", users: [w.editor.user.id] })).status).toBe(403);
    expect((await w.as(w.editor).patch(`${w.base}/users/${w.reader.user.id}`, { role: "admin" })).status).toBe(403);
    // Anyone who sees the site sees who it is shared with.
    expect((await w.as(w.reader).get(`${w.base}/users`)).status).toBe(200);
    const stranger = apiClient(server.url, w.tenant.stranger.token);
    expect((await stranger.get(`${w.base}/users`)).status).toBe(404);
    expect((await stranger.get(`/v1/orgs/${w.tenant.otherOrganization.id}/sites/${w.site.id}/permissions/users`)).status).toBe(404);
    expect((await stranger.post(`/v1/orgs/${w.tenant.otherOrganization.id}/sites/${w.site.id}/permissions`, { role: "admin", users: [w.tenant.stranger.user.id] })).status).toBe(404);
    expect(await db().contentGrant.count({ where: { siteId: w.site.id } })).toBe(0);
  });

  test("the sharing router takes a site as its target, explains a role on it", async () => {
    const w = await setup();
    const caller = createCallerFactory(appRouter)({ actor: { userId: w.tenant.admin.user.id, via: "session" } satisfies Actor, baseUrl: server.url });
    const target = { type: "site" as const, id: w.site.id, organizationId: w.organizationId };
    await caller.sharing.invite({ target, role: "review", users: [w.reader.user.id] });
    expect((await caller.sharing.users({ target })).items.map((item) => [item.user.id, item.permission])).toEqual([[w.reader.user.id, "review"]]);
    const explained = await caller.sharing.explain({ target, user: w.reader.user.id });
    expect(explained).toMatchObject({ target: { type: "site", id: w.site.id, title: "Docs" }, role: "review" });
    expect(explained.sources).toContainEqual(expect.objectContaining({ kind: "grant", role: "review", on: { type: "site", id: w.site.id, title: "Docs" }, decisive: true }));
    await caller.sharing.remove({ target, subject: { type: "user", id: w.reader.user.id } });
    expect((await caller.sharing.users({ target })).items).toEqual([]);
  });
});

test("GET …/permissions/explain (Quire's own) explains a member's role on a site: anyone about themself, the site's admins about anyone", async () => {
  const w = await setup();
  await w.admin.patch(`${w.base}/users/${w.reader.user.id}`, { role: "edit" });
  const own = await w.as(w.reader).get(`${w.base}/explain`);
  expect(own.status).toBe(200);
  expect(own.body).toMatchObject({ object: "access-explanation", target: { type: "site", id: w.site.id }, role: "edit" });
  expect((await w.as(w.reader).get(`${w.base}/explain?user=${w.editor.user.id}`)).status).toBe(403);
  expect((await w.admin.get(`${w.base}/explain?user=${w.editor.user.id}`)).body).toMatchObject({ role: "edit", organizationRole: "edit" });
});
