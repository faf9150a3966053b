import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { verifyPassword } from "../../server/auth/passwords";
import { db } from "../../server/db/client";
import { startWorkers } from "../../server/jobs/workers";
import { completePasswordReset } from "../../server/members/complete-password-reset";
import { hashPasswordResetToken } from "../../server/members/password-reset-tokens";
import { serveOrganizationFile } from "../../server/organizations/organization-files";
import { purgeDeletedOrganizations } from "../../server/organizations/purge-deleted-organizations";
import { urlsFor } from "../../server/http/urls";
import { presentReceivedUpload } from "../../server/presenters/storage-upload";
import { receiveUpload } from "../../server/storage/uploads/receive-upload";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { eventsAsText } from "../helpers/events";
import { addMember } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { startSmtpServer } from "../helpers/smtp";
import { addSiteSpace, createTenant, publishedSite, spaceWithPages, visit } from "../sites/serve-fixtures";

/**
 * The organization settings page's operations: deleting an organization (its name typed, its sites
 * gone at once, restorable by its admins for 7 days, then purged), its uploaded logo, and an admin's
 * actions on a member's account (end their sessions, reset their password).
 */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);
const callerFor = (userId: string) => createCaller({ actor: { userId, via: "session" } satisfies Actor, baseUrl: BASE_URL });
const DAY_MS = 24 * 60 * 60 * 1000;

let server: Awaited<ReturnType<typeof startApiServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  [server, smtp] = await Promise.all([startApiServer(), startSmtpServer()]);
});
afterAll(async () => {
  await Promise.all([server.close(), smtp.close()]);
});

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const reader = await tenant.member("read");
  const { space } = await spaceWithPages(organizationId, "Guides", [{ title: "Welcome", slug: "welcome", markdown: "Hello readers.\n" }]);
  const site = await publishedSite(organizationId);
  await addSiteSpace(site.id, { spaceId: space.id, path: "guides", isDefault: true, position: 0 });
  return {
    tenant,
    organizationId,
    space,
    site,
    reader,
    admin: callerFor(tenant.admin.user.id),
    readerCaller: callerFor(reader.user.id),
    stranger: callerFor(tenant.stranger.user.id),
  };
}

/** Polls until `check` holds: a deletion reaches the site cache by NOTIFY, a moment after commit. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; !(await check()); ) {
    if (Date.now() > deadline) throw new Error("The condition never held.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const eventsOf = (organizationId: string, action: string) => db().domainEvent.findMany({ where: { organizationId, action } });

describe("deleting an organization", () => {
  test("takes its name typed and its admin; its sites answer as missing ones at once; everything of it is 404; its admins alone restore it", async () => {
    const { tenant, organizationId, space, site, admin, readerCaller, stranger, reader } = await setup();
    const b = `/${site.basename}`;
    expect((await visit(b)).text).toContain("Hello readers.");

    await expect(readerCaller.organizations.delete({ organizationId, confirmation: tenant.organization.title })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Another organization's admin: nothing happens, and nothing tells them the organization exists (as every delete).
    await stranger.organizations.delete({ organizationId, confirmation: tenant.organization.title });
    await expect(admin.organizations.delete({ organizationId, confirmation: "not its name" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await db().organization.findUniqueOrThrow({ where: { id: organizationId } })).deletedAt).toBeNull();

    await admin.organizations.delete({ organizationId, confirmation: tenant.organization.title });
    const missing = await visit("/no-site-is-called-this");
    await eventually(async () => (await visit(b)).status === 404);
    const answer = await visit(b);
    expect([answer.status, answer.text]).toEqual([missing.status, missing.text]);
    const [deleted] = await eventsOf(organizationId, "organization.deleted");
    expect(deleted).toMatchObject({ actorId: tenant.admin.user.id, targetId: organizationId, payload: { sites: 1 } });

    // Gone for its own members too, over /v1 and tRPC; the reference has no deletion of organizations, so DELETE stays 405.
    const api = apiClient(server.url, tenant.admin.token);
    expect((await api.get(`/v1/orgs/${organizationId}`)).status).toBe(404);
    expect((await api.get(`/v1/spaces/${space.id}`)).status).toBe(404);
    expect((await api.get("/v1/orgs")).body.items.map((item: { id: string }) => item.id)).not.toContain(organizationId);
    expect((await apiClient(server.url, reader.token).get(`/v1/orgs/${organizationId}`)).status).toBe(404);
    expect((await api.delete(`/v1/orgs/${organizationId}`)).status).toBe(405);
    await expect(admin.organizations.update({ organizationId, title: "Renamed" })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Its admins see it among what they may restore; a reader and a stranger find nothing to restore.
    expect(await admin.organizations.deleted()).toEqual([expect.objectContaining({ id: organizationId, title: tenant.organization.title, daysLeft: 7 })]);
    expect(await readerCaller.organizations.deleted()).toEqual([]);
    await expect(readerCaller.organizations.restore({ organizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.organizations.restore({ organizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const restored = await admin.organizations.restore({ organizationId });
    expect(restored).toMatchObject({ id: organizationId, title: tenant.organization.title });
    await eventually(async () => (await visit(b)).status === 200);
    expect((await api.get(`/v1/spaces/${space.id}`)).status).toBe(200);
    expect(await eventsOf(organizationId, "organization.restored")).toHaveLength(1);
  });

  test("past 7 days it can no longer be restored, and the purge removes it with what it holds; a recent deletion is kept", async () => {
    const old = await setup();
    const recent = await setup();
    await old.admin.organizations.delete({ organizationId: old.organizationId, confirmation: old.tenant.organization.title });
    await recent.admin.organizations.delete({ organizationId: recent.organizationId, confirmation: recent.tenant.organization.title });
    await db().organization.update({ where: { id: old.organizationId }, data: { deletedAt: new Date(Date.now() - 8 * DAY_MS) } });

    expect(await old.admin.organizations.deleted()).toEqual([]);
    await expect(old.admin.organizations.restore({ organizationId: old.organizationId })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await purgeDeletedOrganizations()).toBeGreaterThanOrEqual(1);
    expect(await db().organization.findUnique({ where: { id: old.organizationId } })).toBeNull();
    expect(await db().space.findUnique({ where: { id: old.space.id } })).toBeNull();
    expect(await db().site.findUnique({ where: { id: old.site.id } })).toBeNull();
    // People stay: they may belong elsewhere.
    expect(await db().user.findUnique({ where: { id: old.tenant.admin.user.id } })).not.toBeNull();
    expect(await db().organization.findUnique({ where: { id: recent.organizationId } })).not.toBeNull();
  });
});

/** The header of a PNG image (enough for its format and dimensions to be read). */
function png(width = 64, height = 32): Buffer {
  const bytes = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "latin1");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

async function uploadLogo(admin: ReturnType<typeof callerFor>, organizationId: string, bytes: Buffer, type = "image/png") {
  const { url } = await admin.organizations.logoUploadUrl({ organizationId, file: { name: "logo.png", type, size: bytes.length } });
  const token = new URL(url).pathname.split("/").at(-1)!;
  // As the upload route answers (app/api/storage/upload/[token]).
  return presentReceivedUpload(await receiveUpload(token, new Request(url, { method: "PUT", body: new Uint8Array(bytes) })), urlsFor(BASE_URL));
}

describe("the organization's logo", () => {
  test("an uploaded image becomes the logo, served from Quire while the organization lives; another organization's file is refused", async () => {
    const { tenant, organizationId, admin, readerCaller } = await setup();
    await expect(readerCaller.organizations.logoUploadUrl({ organizationId, file: { name: "logo.png", type: "image/png", size: 64 } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(admin.organizations.logoUploadUrl({ organizationId, file: { name: "logo.svg", type: "image/svg+xml", size: 64 } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(uploadLogo(admin, organizationId, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>".padEnd(64)))).rejects.toMatchObject({ code: "bad_request" });

    const uploaded = await uploadLogo(admin, organizationId, png());
    expect(uploaded).toMatchObject({ format: "png", url: expect.stringMatching(new RegExp(`^${BASE_URL}/api/orgs/${organizationId}/files/`)) });
    await admin.organizations.update({ organizationId, logo: uploaded.url! });
    const api = apiClient(server.url, tenant.admin.token);
    // Over /v1 the URL names the server's own origin.
    expect((await api.get(`/v1/orgs/${organizationId}`)).body.urls.logo).toMatch(/\/api\/orgs\/\w+\/files\/\w+$/);
    const [, , , fileOrganizationId, , uploadId] = new URL(uploaded.url!).pathname.split("/");
    const served = await serveOrganizationFile(new Request(uploaded.url!), fileOrganizationId!, uploadId!);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/png"]);

    // A URL elsewhere is kept as given; a file of another organization is not this one's.
    await admin.organizations.update({ organizationId, logo: "https://cdn.example.test/logo.png" });
    expect((await api.get(`/v1/orgs/${organizationId}`)).body.urls.logo).toBe("https://cdn.example.test/logo.png");
    const otherAdmin = callerFor(tenant.stranger.user.id);
    const theirs = await uploadLogo(otherAdmin, tenant.otherOrganization.id, png());
    await expect(admin.organizations.update({ organizationId, logo: theirs.url!.replace(tenant.otherOrganization.id, organizationId) })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    await admin.organizations.delete({ organizationId, confirmation: tenant.organization.title });
    expect((await serveOrganizationFile(new Request(uploaded.url!), fileOrganizationId!, uploadId!)).status).toBe(404);
  });
});

describe("an admin's actions on a member's account", () => {
  test("ending a member's sessions: admins only, audited; another organization's admin finds no one", async () => {
    const { organizationId, admin, readerCaller, stranger, reader, tenant } = await setup();
    const editor = await tenant.member("edit");
    const version = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).sessionVersion;
    const before = await version(editor.user.id);

    await expect(readerCaller.members.endSessions({ organizationId, userId: editor.user.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(stranger.members.endSessions({ organizationId, userId: editor.user.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin.members.endSessions({ organizationId, userId: tenant.admin.user.id })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await version(editor.user.id)).toBe(before);

    await admin.members.endSessions({ organizationId, userId: editor.user.id, revokeApiTokens: true });
    expect(await version(editor.user.id)).toBe(before + 1);
    expect((await apiClient(server.url, editor.token).get("/v1/user")).status).toBe(401);
    expect((await apiClient(server.url, reader.token).get("/v1/user")).status).toBe(200);
    const [event] = await eventsOf(organizationId, "member.sessions_ended");
    expect(event).toMatchObject({ actorId: tenant.admin.user.id, targetId: editor.user.id, payload: { revokedApiTokens: 1 } });
  });

  test("resetting a password without mail: a new one shown once, the old one and every session ended; never of a member of another organization", async () => {
    const { organizationId, admin, readerCaller, stranger, tenant } = await setup();
    const member = await tenant.member("edit");
    await db().user.update({ where: { id: member.user.id }, data: { passwordHash: "old-hash" } });
    await expect(readerCaller.members.resetPassword({ organizationId, userId: member.user.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(stranger.members.resetPassword({ organizationId, userId: member.user.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const outcome = await admin.members.resetPassword({ organizationId, userId: member.user.id });
    if (outcome.delivery !== "password") throw new Error(`Expected a password, got ${JSON.stringify(outcome)}`);
    const user = await db().user.findUniqueOrThrow({ where: { id: member.user.id } });
    expect(await verifyPassword(user.passwordHash!, outcome.password)).toBe(true);
    expect(user.sessionVersion).toBeGreaterThan(member.user.sessionVersion);
    expect(await eventsOf(organizationId, "member.password_reset")).toEqual([expect.objectContaining({ targetId: member.user.id, payload: expect.objectContaining({ delivery: "password" }) })]);
    expect(eventsAsText(await eventsOf(organizationId, "member.password_reset"))).not.toContain(outcome.password);

    // An account that is also in another organization is not this one's to take over.
    const shared = await tenant.member("read");
    await db().member.create({ data: { organizationId: tenant.otherOrganization.id, userId: shared.user.id, role: "read" } });
    await expect(admin.members.resetPassword({ organizationId, userId: shared.user.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const listed = await admin.members.list({ organizationId, limit: 50 });
    const permissionsOf = (userId: string) => listed.items.find((item) => item.id === userId)!.permissions;
    expect(permissionsOf(shared.user.id)).toMatchObject({ endSessions: true, resetPassword: false });
    expect(permissionsOf(member.user.id)).toMatchObject({ endSessions: true, resetPassword: true });
    expect(permissionsOf(tenant.admin.user.id)).toMatchObject({ endSessions: false, resetPassword: false });
  });

  test("resetting a password with mail: the member gets a one-time link, which sets their new password", async () => {
    const smtpUrl = process.env.QUIRE_SMTP_URL;
    process.env.QUIRE_SMTP_URL = smtp.url;
    try {
      const { organizationId, admin, tenant } = await setup();
      const member = await addMember(organizationId, "read");
      const sent = smtp.messages.length;
      expect(await admin.members.resetPassword({ organizationId, userId: member.user.id })).toMatchObject({ delivery: "email", email: member.user.email });
      await startWorkers();
      const message = (await smtp.waitForMessages(sent + 1)).find((candidate) => candidate.to.includes(member.user.email))!;
      expect(message.headers.subject).toBe(`Set a new password for Quire (${tenant.organization.title})`);
      const token = /\/reset-password\/(qp_[A-Za-z0-9_-]{43})/.exec(message.text)![1]!;
      // Only the token's hash is kept.
      await eventually(async () => (await db().passwordReset.count({ where: { userId: member.user.id, tokenHash: hashPasswordResetToken(token), emailedAt: { not: null } } })) === 1);

      expect(await completePasswordReset(token, { password: "a brand new password" })).toEqual({ email: member.user.email });
      const user = await db().user.findUniqueOrThrow({ where: { id: member.user.id } });
      expect(await verifyPassword(user.passwordHash!, "a brand new password")).toBe(true);
      await expect(completePasswordReset(token, { password: "another one entirely" })).rejects.toMatchObject({ code: "not_found" });
    } finally {
      if (smtpUrl === undefined) delete process.env.QUIRE_SMTP_URL;
      else process.env.QUIRE_SMTP_URL = smtpUrl;
    }
  });
});
