import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { POST as joinRoute } from "../../app/api/invites/[token]/route";
import { verifyPassword } from "../../server/auth/passwords";
import { db } from "../../server/db/client";
import { describeInvite } from "../../server/invites/queries";
import { hashInviteToken } from "../../server/invites/tokens";
import { jobsSchema } from "../../server/jobs/boss";
import { startWorkers } from "../../server/jobs/workers";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";
import { startSmtpServer } from "../helpers/smtp";

/**
 * Invites: by email (mailed through a real SMTP server the test runs, or answered as links to pass
 * on without one), invite links (and the organization's `inviteLinks` switch), joining with either.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const smtpUrl = process.env.QUIRE_SMTP_URL;
beforeAll(async () => {
  server = await startApiServer();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  if (smtpUrl === undefined) delete process.env.QUIRE_SMTP_URL;
  else process.env.QUIRE_SMTP_URL = smtpUrl;
  await smtp.close();
  await server.close();
});

async function setup() {
  const tenant = await createTenant();
  const organizationId = tenant.organization.id;
  const admin = apiClient(server.url, tenant.admin.token);
  const [editor, guest] = await Promise.all([tenant.member("edit"), tenant.member(null)]);
  const as = (who: { token: string }) => apiClient(server.url, who.token);
  return { tenant, organizationId, admin, editor, guest, as, stranger: apiClient(server.url, tenant.stranger.token), anonymous: apiClient(server.url) };
}

const errorMessage = (response: { body: { error: { message: string } } }) => response.body.error.message;
// Which fields a 400 is about, with why: `field: message`.
const fieldsOf = (response: { body: { error?: { details?: { fields?: Record<string, string> } } } }) => fieldErrorsOf(response.body);
const unique = () => Math.random().toString(36).slice(2, 10);
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

async function until<T>(read: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting.");
  }
}

/** The invite page's join call, as the browser makes it (no session: a new account). */
async function signUp(token: string, body: unknown) {
  const response = await joinRoute(new Request(`http://quire.test/api/invites/${token}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }), {
    params: Promise.resolve({ token }),
  });
  return { status: response.status, body: await response.json() };
}

describe("POST /v1/orgs/{organizationId}/invites (inviteUsersToOrganization) through SMTP", () => {
  test("mails the invite from a job; its link lets the person set a password and join with the role, their address verified", async () => {
    process.env.QUIRE_SMTP_URL = smtp.url;
    try {
      const { admin, organizationId, tenant } = await setup();
      const email = `newcomer-${unique()}@example.test`;
      const sent = smtp.messages.length;
      const invited = await admin.post(`/v1/orgs/${organizationId}/invites`, { emails: [email], role: "edit" });
      expect(invited.status).toBe(200);
      expect(invited.body).toMatchObject({ users: [], invited: 1, emailed: true, links: [] });
      const invite = await db().organizationInvite.findFirstOrThrow({ where: { organizationId, email } });
      expect(invite.emailedAt).toBeNull();

      // The job, sent in the invite's transaction, mails it once a worker takes it.
      await startWorkers();
      const messages = await smtp.waitForMessages(sent + 1);
      const message = messages.find((candidate) => candidate.to.includes(email))!;
      expect(message.headers.subject).toBe(`${tenant.admin.user.displayName} invited you to ${tenant.organization.title} on Quire`);
      const link = message.text.match(/https?:\/\/\S+\/invite\/(qi_[A-Za-z0-9_-]{43})/);
      expect(link, message.text).not.toBeNull();
      const token = link![1]!;
      // Only the token's hash is stored; the database never holds the link.
      // The job marks the invite emailed once the SMTP server has taken the message.
      const mailed = await until(() => db().organizationInvite.findFirst({ where: { id: invite.id, emailedAt: { not: null } } }));
      expect(mailed.tokenHash).toBe(hashInviteToken(token));
      expect(JSON.stringify(await db().$queryRawUnsafe(`SELECT data FROM ${jobsSchema()}.job WHERE name = 'invite-email'`))).not.toContain(token);
      expect(await db().domainEvent.count({ where: { organizationId, action: "member.invite_emailed", targetId: invite.id } })).toBe(1);

      // Following the link: a name and a password make the account, which joins with the invite's role.
      expect(fieldErrorsOf((await signUp(token, { displayName: "New Comer", password: "short" })).body)).toMatch(/^password:/);
      const joined = await signUp(token, { displayName: "New Comer", password: "a good password" });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      expect(joined.body).toEqual({ organizationId, email });
      const user = await db().user.findUniqueOrThrow({ where: { email } });
      expect(await verifyPassword(user.passwordHash!, "a good password")).toBe(true);
      expect(user.emailVerifiedAt).not.toBeNull();
      expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: user.id } } })).role).toBe("edit");
      const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "member.joined", targetId: user.id } });
      expect(event.payload).toMatchObject({ through: "email-invite", role: "edit", invite: invite.id });
      // An email invite is used once.
      expect(await db().organizationInvite.findUnique({ where: { id: invite.id } })).toBeNull();
      expect((await signUp(token, { displayName: "Again", password: "a good password" })).status).toBe(404);
    } finally {
      delete process.env.QUIRE_SMTP_URL;
    }
  });
});

describe("POST /v1/orgs/{organizationId}/invites without SMTP", () => {
  test("answers the links to pass on; an existing account signs in and joins with its invite; members are skipped", async () => {
    const { admin, organizationId, editor, tenant, as } = await setup();
    const newcomer = `first-${unique()}@example.test`;
    const invited = await admin.post(`/v1/orgs/${organizationId}/invites`, {
      emails: [newcomer, { email: tenant.stranger.user.email.toUpperCase(), role: "read" }, editor.user.email],
      role: "comment",
    });
    expect(invited.status).toBe(200);
    expect(invited.body.invited).toBe(2);
    expect(invited.body.users).toEqual([tenant.stranger.user.id]);
    expect(invited.body.links.map((link: { email: string }) => link.email)).toEqual([newcomer, tenant.stranger.user.email]);
    const pending = await db().organizationInvite.findMany({ where: { organizationId, kind: "email" }, orderBy: { email: "asc" } });
    expect(pending.map((invite) => [invite.email, invite.role, invite.emailedAt])).toEqual(
      [
        [newcomer, "comment", null],
        [tenant.stranger.user.email, "read", null],
      ].sort(),
    );
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId, action: "member.invited", targetLabel: newcomer } });
    expect(JSON.stringify(event.payload)).not.toContain("qi_");

    // The stranger has an account: they accept signed in, as themself; someone else cannot use it.
    const strangerLink = tokenOf(invited.body.links[1].url);
    // The invite page tells the same: who is signed in, and whether they may accept it.
    const shownTo = async (userId: string | null) => (await describeInvite(strangerLink, userId ? { userId, via: "session" } : null))!.signedIn;
    expect(await shownTo(editor.user.id)).toMatchObject({ email: editor.user.email, mayAccept: false });
    expect(await shownTo(tenant.stranger.user.id)).toMatchObject({ email: tenant.stranger.user.email, mayAccept: true });
    expect(await shownTo(null)).toBeNull();
    expect((await as(editor).post(`/v1/orgs/${organizationId}/invites/${strangerLink}`)).status).toBe(403);
    const accepted = await apiClient(server.url, tenant.stranger.token).post(`/v1/orgs/${organizationId}/invites/${strangerLink}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({});
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: tenant.stranger.user.id } } })).role).toBe("read");
    // A link not mailed proves no address.
    expect((await db().user.findUniqueOrThrow({ where: { id: tenant.stranger.user.id } })).emailVerifiedAt).toBeNull();
    // An account that exists cannot be made again through an invite page.
    const again = await admin.post(`/v1/orgs/${organizationId}/invites`, { emails: [`second-${unique()}@example.test`] });
    await db().user.create({ data: { id: `u${unique()}`, email: again.body.links[0].email, displayName: "Taken" } });
    expect((await signUp(tokenOf(again.body.links[0].url), { displayName: "X", password: "a good password" })).status).toBe(409);
  });

  test("inviting again renews the invite: the old link stops working", async () => {
    const { admin, organizationId } = await setup();
    const email = `twice-${unique()}@example.test`;
    const first = (await admin.post(`/v1/orgs/${organizationId}/invites`, { emails: [email] })).body.links[0].url;
    const second = (await admin.post(`/v1/orgs/${organizationId}/invites`, { emails: [email], role: "admin" })).body.links[0].url;
    expect(await db().organizationInvite.count({ where: { organizationId, email } })).toBe(1);
    expect((await signUp(tokenOf(first), { displayName: "Old", password: "a good password" })).status).toBe(404);
    expect((await signUp(tokenOf(second), { displayName: "New", password: "a good password" })).status).toBe(200);
    expect((await db().member.findFirstOrThrow({ where: { organizationId, user: { email } } })).role).toBe("admin");
  });

  test("400 naming the field, 401, 403 below admin, 404 in another organization", async () => {
    const { admin, organizationId, as, editor, stranger, anonymous } = await setup();
    const path = `/v1/orgs/${organizationId}/invites`;
    expect(fieldsOf(await admin.post(path, {}))).toMatch(/^emails:/);
    expect(fieldsOf(await admin.post(path, { emails: [] }))).toMatch(/^emails:/);
    expect(fieldsOf(await admin.post(path, { emails: ["not an address"] }))).toMatch(/^emails\.0/);
    expect(fieldsOf(await admin.post(path, { emails: ["a@example.test"], role: "owner" }))).toMatch(/^role:/);
    expect(fieldsOf(await admin.post(path, { emails: Array.from({ length: 51 }, (_, i) => `p${i}@example.test`) }))).toMatch(/^emails:/);
    expect((await anonymous.post(path, { emails: ["a@example.test"] })).status).toBe(401);
    expect((await as(editor).post(path, { emails: ["a@example.test"] })).status).toBe(403);
    expect((await stranger.post(path, { emails: ["a@example.test"] })).status).toBe(404);
    expect(await db().organizationInvite.count({ where: { organizationId } })).toBe(0);
  });
});

describe("invite links (createOrganizationInvite, list, get, update, delete) and joining with one", () => {
  test("an admin makes a link (its url answered once), changes its role, lists, gets and deletes it", async () => {
    const { admin, organizationId } = await setup();
    const links = `/v1/orgs/${organizationId}/link-invites`;
    const created = await admin.post(links, { role: "read" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: "invite", role: "read", redundant: true, uses: 0 });
    expect(created.body.url).toMatch(/\/invite\/qi_/);
    const stored = await db().organizationInvite.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.tokenHash).toBe(hashInviteToken(tokenOf(created.body.url)));

    const got = await admin.get(`${links}/${created.body.id}`);
    expect(got.body).toMatchObject({ id: created.body.id, role: "read" });
    expect(got.body.url).toBeUndefined();
    const updated = await admin.patch(`${links}/${created.body.id}`, { role: "edit" });
    expect(updated.status).toBe(200);
    expect(updated.body.role).toBe("edit");
    expect((await admin.patch(`${links}/${created.body.id}`, { level: null })).body.role).toBeNull();
    expect((await admin.get(links)).body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);
    expect((await admin.delete(`${links}/${created.body.id}`)).status).toBe(204);
    expect((await admin.delete(`${links}/${created.body.id}`)).status).toBe(204);
    expect((await admin.get(`${links}/${created.body.id}`)).status).toBe(404);
    const actions = (await db().domainEvent.findMany({ where: { organizationId, targetId: created.body.id }, orderBy: { occurredAt: "asc" } })).map((event) => event.action);
    expect(actions).toEqual(["invite_link.created", "invite_link.updated", "invite_link.updated", "invite_link.deleted"]);
  });

  test("anyone signed in joins with the link at its role, once; the count of uses grows; a new person signs up with their address", async () => {
    const { admin, organizationId, tenant } = await setup();
    const created = (await admin.post(`/v1/orgs/${organizationId}/link-invites`, { role: "comment" })).body;
    const token = tokenOf(created.url);
    const outsider = apiClient(server.url, tenant.stranger.token);
    expect((await outsider.post(`/v1/orgs/${organizationId}/invites/${token}`)).status).toBe(200);
    expect((await outsider.post(`/v1/orgs/${organizationId}/invites/${token}`)).status).toBe(200);
    expect((await db().member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId: tenant.stranger.user.id } } })).role).toBe("comment");
    // The invite's id is no credential, and a token of another organization's invite is not found here.
    expect((await outsider.post(`/v1/orgs/${organizationId}/invites/${created.id}`)).status).toBe(404);
    expect((await outsider.post(`/v1/orgs/${tenant.otherOrganization.id}/invites/${token}`)).status).toBe(404);

    expect(fieldsOf(await signUp(token, { displayName: "Link person", password: "a good password" }))).toMatch(/^email:/);
    const email = `linked-${unique()}@example.test`;
    expect((await signUp(token, { email, displayName: "Link person", password: "a good password" })).status).toBe(200);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    // A link anyone may hold proves no address.
    expect(user.emailVerifiedAt).toBeNull();
    expect((await db().organizationInvite.findUniqueOrThrow({ where: { id: created.id } })).uses).toBe(2);
  });

  test("with inviteLinks off: no link is made (409) and existing links stop working (403) until it is on again", async () => {
    const { admin, organizationId, tenant } = await setup();
    const created = (await admin.post(`/v1/orgs/${organizationId}/link-invites`, { role: "read" })).body;
    expect((await admin.patch(`/v1/orgs/${organizationId}`, { inviteLinks: false })).body.inviteLinks).toBe(false);
    const refused = await admin.post(`/v1/orgs/${organizationId}/link-invites`, { role: "read" });
    expect(refused.status).toBe(409);
    expect(errorMessage(refused)).toMatch(/inviteLinks/);
    const outsider = apiClient(server.url, tenant.stranger.token);
    expect((await outsider.post(`/v1/orgs/${organizationId}/invites/${tokenOf(created.url)}`)).status).toBe(403);
    expect((await signUp(tokenOf(created.url), { email: `off-${unique()}@example.test`, displayName: "Off", password: "a good password" })).status).toBe(403);
    await admin.patch(`/v1/orgs/${organizationId}`, { inviteLinks: true });
    expect((await outsider.post(`/v1/orgs/${organizationId}/invites/${tokenOf(created.url)}`)).status).toBe(200);
  });

  test("an expired link is refused", async () => {
    const { admin, organizationId, tenant } = await setup();
    const created = (await admin.post(`/v1/orgs/${organizationId}/link-invites`, { role: "read" })).body;
    await db().organizationInvite.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const outsider = apiClient(server.url, tenant.stranger.token);
    const refused = await outsider.post(`/v1/orgs/${organizationId}/invites/${tokenOf(created.url)}`);
    expect(refused.status).toBe(404);
    expect(errorMessage(refused)).toMatch(/expired/);
  });

  test("400 naming the field, 401, 403 below admin, 404 in another organization", async () => {
    const { admin, organizationId, as, editor, stranger, anonymous } = await setup();
    const links = `/v1/orgs/${organizationId}/link-invites`;
    const created = (await admin.post(links, { role: "read" })).body;
    expect(fieldsOf(await admin.post(links, {}))).toMatch(/^role:/);
    expect(fieldsOf(await admin.post(links, { role: "owner" }))).toMatch(/^role:/);
    expect(errorMessage(await admin.patch(`${links}/${created.id}`, {}))).toMatch(/role/);
    expect(fieldsOf(await admin.get(`${links}?limit=1001`))).toMatch(/^limit:/);
    for (const [method, path, body] of [
      ["GET", links],
      ["POST", links, { role: "read" }],
      ["GET", `${links}/${created.id}`],
      ["PATCH", `${links}/${created.id}`, { role: "edit" }],
      ["DELETE", `${links}/${created.id}`],
    ] as const) {
      const options = body === undefined ? {} : { body };
      expect((await anonymous.raw(method, path, options)).status, `${method} ${path}`).toBe(401);
      expect((await as(editor).raw(method, path, options)).status, `${method} ${path}`).toBe(403);
      expect((await stranger.raw(method, path, options)).status, `${method} ${path}`).toBe(404);
    }
    expect((await db().organizationInvite.findUniqueOrThrow({ where: { id: created.id } })).role).toBe("read");
  });
});
