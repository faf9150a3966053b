import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { db } from "../../server/db/client";
import { getOrganization } from "../../server/organizations/queries";
import { isSsoRefusal } from "../../server/policies/sso";
import { getSpace } from "../../server/spaces/queries";
import { createSamlProvider } from "../../server/sso/create-saml-provider";
import { deleteSamlProvider } from "../../server/sso/delete-saml-provider";
import { removeSsoMember } from "../../server/sso/remove-sso-member";
import { setSsoMember } from "../../server/sso/set-sso-member";
import { createTenant } from "../helpers/factories";
import { createIdpKeys } from "../helpers/saml-idp";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * With an organization's `sso` switch on, members other than admins reach it only through a
 * session its own identity provider began (server/policies/sso.ts), whatever the way in.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const BASE = "http://quire.test";

async function enforcedTenant() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Handbook" })).body;
  expect((await admin.patch(`/v1/orgs/${tenant.organization.id}`, { sso: true })).status).toBe(200);
  return { tenant, admin, space };
}

async function refusal(work: Promise<unknown>) {
  return work.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("SSO enforcement", () => {
  test("a member's API token does not reach an organization that enforces SSO; an admin's does; with the switch off, both do", async () => {
    const { tenant, admin, space } = await enforcedTenant();
    const organizationId = tenant.organization.id;
    const editor = apiClient(server.url, (await tenant.member("edit")).token);
    for (const path of [`/v1/orgs/${organizationId}`, `/v1/orgs/${organizationId}/collections`, `/v1/spaces/${space.id}`, `/v1/spaces/${space.id}/content`]) {
      const refused = await editor.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.message).toMatch(/requires single sign-on/);
      expect(refused.body.error.details).toEqual({ reason: "sso_required", organizationId });
      expect((await admin.get(path)).status, path).toBe(200);
    }
    // Still listed, so that the member sees the organization and learns how to get in.
    expect((await editor.get(`/v1/orgs`)).body.items.map((org: { id: string }) => org.id)).toContain(organizationId);
    await admin.patch(`/v1/orgs/${organizationId}`, { sso: false });
    expect((await editor.get(`/v1/spaces/${space.id}`)).status).toBe(200);
  });

  test("a browser session reaches it only when the organization's own SSO began it", async () => {
    const { tenant, space } = await enforcedTenant();
    const organizationId = tenant.organization.id;
    const member = await tenant.member("read");
    const as = (actor: Actor) => ({ actor, baseUrl: BASE });
    const password: Actor = { userId: member.user.id, via: "session" };
    const ssoHere: Actor = { userId: member.user.id, via: "sso", ssoOrganizationId: organizationId };
    const ssoElsewhere: Actor = { userId: member.user.id, via: "sso", ssoOrganizationId: tenant.otherOrganization.id };
    expect(isSsoRefusal(await refusal(getOrganization(as(password), organizationId)))).toBe(true);
    expect(isSsoRefusal(await refusal(getSpace(as(password), space.id)))).toBe(true);
    expect(isSsoRefusal(await refusal(getOrganization(as(ssoElsewhere), organizationId)))).toBe(true);
    expect(await getOrganization(as(ssoHere), organizationId)).toMatchObject({ id: organizationId, sso: true });
    expect(await getSpace(as(ssoHere), space.id)).toMatchObject({ id: space.id });
    // Admins keep every way in; background work acting for a member is not refused.
    expect(await getOrganization(as({ userId: tenant.admin.user.id, via: "session" }), organizationId)).toMatchObject({ id: organizationId });
    expect(await getSpace(as({ userId: member.user.id, via: "system" }), space.id)).toMatchObject({ id: space.id });
    // A stranger is still told nothing: not found, not "requires SSO".
    const strangerError = await refusal(getOrganization(as({ userId: tenant.stranger.user.id, via: "session" }), organizationId));
    expect(strangerError).toMatchObject({ code: "not_found" });
  });

  test("revoking SSO ends the sessions that came through it: a provider removed, or a member's SSO taken away", async () => {
    const { tenant } = await enforcedTenant();
    const organizationId = tenant.organization.id;
    const ctx = { actor: { userId: tenant.admin.user.id, via: "session" as const }, baseUrl: BASE };
    const keys = await createIdpKeys();
    const provider = await createSamlProvider(ctx, organizationId, { label: "IdP", entityID: "https://idp.example/", ssoURL: "https://idp.example/sso", certificate: keys.certificate });
    const viaSso = await tenant.member("read");
    const withPassword = await tenant.member("read");
    await setSsoMember(ctx, organizationId, viaSso.user.id);
    const versions = async () =>
      (await db().user.findMany({ where: { id: { in: [viaSso.user.id, withPassword.user.id] } }, orderBy: { id: "asc" }, select: { id: true, sessionVersion: true } })).map(
        (user) => (user.id === viaSso.user.id ? ["sso", user.sessionVersion] : ["password", user.sessionVersion]),
      );
    expect(Object.fromEntries(await versions())).toEqual({ sso: 0, password: 0 });
    await deleteSamlProvider(ctx, organizationId, provider.id);
    expect(Object.fromEntries(await versions())).toEqual({ sso: 1, password: 0 });
    await removeSsoMember(ctx, organizationId, viaSso.user.id);
    expect(Object.fromEntries(await versions())).toEqual({ sso: 2, password: 0 });
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: viaSso.user.id } } })).ssoAt).toBeNull();
    const actions = (await db().domainEvent.findMany({ where: { organizationId }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] })).map((event) => event.action);
    expect(actions).toEqual(["space.created", "organization.updated", "sso.provider_created", "member.sso_enabled", "sso.provider_deleted", "member.sso_disabled"]);
  });
});
