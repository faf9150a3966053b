import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { POST as joinRoute } from "../../app/api/invites/[token]/route";
import { db } from "../../server/db/client";
import { startWorkers } from "../../server/jobs/workers";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { startSmtpServer } from "../helpers/smtp";

/** The Invites page's procedures beyond /v1: pending email invites, resending (mailed or a new link to pass on) and revoking. */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  delete process.env.QUIRE_SMTP_URL;
  await smtp.close();
});

const caller = (userId: string) => createCallerFactory(appRouter)({ actor: { userId, via: "session" }, baseUrl: "http://quire.test" });
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const signUp = async (token: string) =>
  (
    await joinRoute(new Request(`http://quire.test/api/invites/${token}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ displayName: "New", password: "a good password" }) }), {
      params: Promise.resolve({ token }),
    })
  ).status;

describe("invites.pending, invites.resend, invites.revoke", () => {
  test("without mail: pending lists the invite; resend answers a new link and the old one stops; revoke stops it", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = caller(tenant.admin.user.id);
    const email = `pending-${Date.now()}@example.test`;
    const first = (await admin.invites.inviteByEmail({ organizationId, emails: [email], role: "edit" })).links[0]!.url;
    const [pending] = await admin.invites.pending({ organizationId });
    expect(pending).toMatchObject({ email, role: "edit", emailedAt: null });

    const resent = await admin.invites.resend({ organizationId, inviteId: pending!.id });
    expect(resent).toMatchObject({ email, emailed: false });
    expect(resent.url).not.toBe(first);
    expect(await signUp(tokenOf(first))).toBe(404);

    await admin.invites.revoke({ organizationId, inviteId: pending!.id });
    expect(await admin.invites.pending({ organizationId })).toEqual([]);
    expect(await signUp(tokenOf(resent.url!))).toBe(404);
    const actions = (await db().domainEvent.findMany({ where: { organizationId, targetId: pending!.id }, orderBy: { occurredAt: "asc" } })).map((event) => event.action);
    expect(actions).toEqual(["member.invited", "member.invited", "member.invite_revoked"]);
    // Members below admin neither see nor resend invites.
    const editor = await tenant.member("edit");
    await expect(caller(editor.user.id).invites.pending({ organizationId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  test("with mail: resend mails a new link through SMTP", async () => {
    process.env.QUIRE_SMTP_URL = smtp.url;
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = caller(tenant.admin.user.id);
    const email = `resent-${Date.now()}@example.test`;
    const before = smtp.messages.length;
    await admin.invites.inviteByEmail({ organizationId, emails: [email] });
    await startWorkers();
    await smtp.waitForMessages(before + 1);
    const received = () => smtp.messages.filter((message) => message.to.includes(email));
    const [pending] = await admin.invites.pending({ organizationId });
    expect(await admin.invites.resend({ organizationId, inviteId: pending!.id })).toEqual({ email, emailed: true });
    for (const deadline = Date.now() + 10_000; received().length < 2; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > deadline) throw new Error("The resent invitation was not mailed.");
    }
    const links = received().map((message) => message.text.match(/\/invite\/(qi_[A-Za-z0-9_-]{43})/)![1]!);
    expect(links[0]).not.toBe(links[1]);
    // The last link mailed is the one that works.
    for (const deadline = Date.now() + 10_000; !(await db().organizationInvite.findFirst({ where: { id: pending!.id, emailedAt: { not: null } } })); await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > deadline) throw new Error("The invite was not marked emailed.");
    }
    expect(await signUp(links[0]!)).toBe(404);
    expect(await signUp(links[1]!)).toBe(200);
  });
});
