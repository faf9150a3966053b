import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "../../server/db/client";
import type { EventAction, EventPayload } from "../../server/events/catalog";
import type { ChangeEvent } from "../../server/events/record-event";
import { writeChange } from "../../server/events/write-change";
import { newId } from "../../server/ids";
import { startWorkers } from "../../server/jobs/workers";
import { buildNotifications } from "../../server/notifications/build";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";
import { startSmtpServer } from "../helpers/smtp";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
  await startWorkers();
});
afterAll(() => server.close());

const BASE_URL = "http://quire.test";

/** Records a domain event as the comments and reviews services do (COMMON.md's payload contract). */
function record<A extends EventAction>(userId: string, organizationId: string, action: A, target: { type: string; id: string }, payload: EventPayload<A>) {
  return writeChange({ actor: { userId, via: "session" }}, async (_tx, events) => {
    events.record({ organizationId, action, target, payload } as ChangeEvent<A>);
  });
}

async function notificationsOf(eventAction: string, organizationId: string, expected: number, timeoutMs = 15_000) {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const rows = await db().notification.findMany({ where: { organizationId, summary: { path: ["action"], equals: eventAction } }, orderBy: { userId: "asc" } });
    if (rows.length >= expected) {
      // Nothing more arrives for this event after the expected ones (a wrong extra recipient would).
      await new Promise((resolve) => setTimeout(resolve, 300));
      return db().notification.findMany({ where: { organizationId, summary: { path: ["action"], equals: eventAction } } });
    }
    if (Date.now() > deadline) throw new Error(`Expected ${expected} notifications of ${eventAction}, found ${rows.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A tenant with a space and a change request, people of each kind, and a comment thread on the change request. */
async function world() {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Handbook <b>" })).body;
  const cr = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Fix the intro" })).body;
  const writer = await tenant.member("edit");
  const reader = await tenant.member("read");
  const guest = await tenant.member(null);
  const { revisionId } = await db().space.findUniqueOrThrow({ where: { id: space.id }, select: { revisionId: true } });
  const comment = await db().comment.create({
    data: { id: newId(), organizationId: tenant.organization.id, spaceId: space.id, changeRequestId: cr.id, authorId: tenant.admin.user.id, body: "Is this right?", revisionId: revisionId! },
  });
  return { tenant, space, cr, writer, reader, guest, comment, organizationId: tenant.organization.id, adminId: tenant.admin.user.id };
}

describe("notifications built from the event record", () => {
  test("a mention notifies who can view the space, never the actor, once; the summary says who, what and where", async () => {
    const w = await world();
    await record(w.adminId, w.organizationId, "comment.posted", { type: "comment", id: w.comment.id }, {
      spaceId: w.space.id,
      changeRequestId: w.cr.id,
      commentId: w.comment.id,
      pageId: null,
      mentions: [w.writer.user.id, w.guest.user.id, w.adminId, w.tenant.stranger.user.id],
      excerpt: "Is this right?",
    });
    const [notification, ...others] = await notificationsOf("comment.posted", w.organizationId, 1);
    expect(others).toEqual([]);
    expect(notification).toMatchObject({ userId: w.writer.user.id, kind: "mention", actorId: w.adminId, spaceId: w.space.id, changeRequestId: w.cr.id, commentId: w.comment.id, readAt: null });
    expect(notification!.summary).toMatchObject({
      actorName: w.tenant.admin.user.displayName,
      spaceTitle: "Handbook <b>",
      changeRequest: { id: w.cr.id, number: w.cr.number, subject: "Fix the intro" },
      excerpt: "Is this right?",
      path: `/o/${w.organizationId}/s/${w.space.id}/change-requests/${w.cr.number}?comment=${w.comment.id}`,
    });

    // Building again (a job retried) adds nothing.
    const event = await db().domainEvent.findFirstOrThrow({ where: { organizationId: w.organizationId, action: "comment.posted" } });
    expect(await buildNotifications(event.id)).toEqual([]);
    expect(await db().notification.count({ where: { eventId: event.id } })).toBe(1);
  });

  test("a reply notifies the thread's author and repliers; a mention beats a reply; the replier is not notified", async () => {
    const w = await world();
    const first = await db().commentReply.create({ data: { id: newId(), commentId: w.comment.id, authorId: w.writer.user.id, body: "Yes" } });
    const second = await db().commentReply.create({ data: { id: newId(), commentId: w.comment.id, authorId: w.reader.user.id, body: "@admin no" } });
    await record(w.reader.user.id, w.organizationId, "comment_reply.posted", { type: "comment-reply", id: second.id }, {
      spaceId: w.space.id,
      changeRequestId: w.cr.id,
      commentId: w.comment.id,
      replyId: second.id,
      mentions: [w.adminId],
      excerpt: "@admin no",
    });
    const rows = await notificationsOf("comment_reply.posted", w.organizationId, 2);
    expect(Object.fromEntries(rows.map((row) => [row.userId, row.kind]))).toEqual({ [w.adminId]: "mention", [w.writer.user.id]: "reply" });
    expect(first.id).toBeTruthy();

    // An edit notifies only whom it newly mentions.
    await record(w.writer.user.id, w.organizationId, "comment_reply.edited", { type: "comment-reply", id: first.id }, {
      spaceId: w.space.id,
      changeRequestId: w.cr.id,
      commentId: w.comment.id,
      replyId: first.id,
      mentions: [w.reader.user.id],
      excerpt: "Yes, @reader",
    });
    expect((await notificationsOf("comment_reply.edited", w.organizationId, 1)).map((row) => [row.userId, row.kind])).toEqual([[w.reader.user.id, "mention"]]);
  });

  test("review requested, review submitted and merged (through /v1's services) notify the requested, the author and the reviewers", async () => {
    const w = await world();
    const reviewer = await w.tenant.member("review");
    const admin = apiClient(server.url, w.tenant.admin.token);
    const base = `/v1/spaces/${w.space.id}/change-requests/${w.cr.id}`;
    expect((await admin.post(`${base}/content`, { changes: [{ operation: "insert_page", title: "Intro", document: { markdown: "Hello" } }] })).status).toBe(200);
    expect((await admin.post(`${base}/requested-reviewers`, { users: [reviewer.user.id] })).status).toBeLessThan(300);
    expect((await notificationsOf("review.requested", w.organizationId, 1)).map((row) => [row.userId, row.kind])).toEqual([[reviewer.user.id, "review_requested"]]);

    expect((await apiClient(server.url, reviewer.token).post(`${base}/reviews`, { status: "approved" })).status).toBe(201);
    const [submitted] = await notificationsOf("review.submitted", w.organizationId, 1);
    expect(submitted).toMatchObject({ userId: w.adminId, kind: "review_submitted" });
    expect(submitted!.summary).toMatchObject({ reviewStatus: "approved", actorName: reviewer.user.displayName });

    // Merged by the author: the reviewer hears of it, the author (the actor) does not.
    expect((await admin.post(`${base}/merge`)).status).toBe(200);
    expect((await notificationsOf("change_request.merged", w.organizationId, 1)).map((row) => [row.userId, row.kind])).toEqual([[reviewer.user.id, "change_request_merged"]]);
  });

  test("the inbox through /v1: newest first, the unread filter, marking read (only one's own)", async () => {
    const w = await world();
    for (const excerpt of ["one", "two", "three"]) {
      await record(w.adminId, w.organizationId, "comment.edited", { type: "comment", id: w.comment.id }, { spaceId: w.space.id, changeRequestId: w.cr.id, commentId: w.comment.id, pageId: null, mentions: [w.writer.user.id], excerpt });
    }
    await notificationsOf("comment.edited", w.organizationId, 3);
    const writer = apiClient(server.url, w.writer.token);
    const page1 = await writer.get("/v1/user/notifications?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((item: { excerpt: string }) => item.excerpt)).toEqual(["three", "two"]);
    expect(page1.body.count).toBe(3);
    expect(page1.body.items[0]).toMatchObject({
      object: "notification",
      kind: "mention",
      text: `${w.tenant.admin.user.displayName} mentioned you in change request #${w.cr.number} “Fix the intro” in Handbook <b>`,
      readAt: null,
      urls: { app: `${server.url}/o/${w.organizationId}/s/${w.space.id}/change-requests/${w.cr.number}?comment=${w.comment.id}` },
    });
    const page2 = await writer.get(`/v1/user/notifications?limit=2&page=${page1.body.next.page}`);
    expect(page2.body.items.map((item: { excerpt: string }) => item.excerpt)).toEqual(["one"]);

    // Someone else's ids change nothing of theirs.
    expect((await apiClient(server.url, w.tenant.admin.token).post("/v1/user/notifications/read", { ids: [page1.body.items[0].id] })).body).toEqual({ count: 0 });
    expect((await writer.post("/v1/user/notifications/read", { ids: [page1.body.items[0].id] })).body).toEqual({ count: 1 });
    expect((await writer.get("/v1/user/notifications?unread=true")).body.count).toBe(2);
    expect((await writer.post("/v1/user/notifications/read", {})).status).toBe(400);
    expect((await writer.post("/v1/user/notifications/read", { all: true })).body).toEqual({ count: 2 });
    expect((await writer.get("/v1/user/notifications?unread=true")).body).toMatchObject({ items: [], count: 0 });

    // Leaving the organization takes its notifications out of the inbox.
    await db().member.delete({ where: { organizationId_userId: { organizationId: w.organizationId, userId: w.writer.user.id } } });
    expect((await writer.get("/v1/user/notifications")).body.count).toBe(0);
  });

  test("with mail set up, a user who asked for email gets each new notification by email, escaped, once", async () => {
    const smtp = await startSmtpServer();
    const previous = process.env.QUIRE_SMTP_URL;
    process.env.QUIRE_SMTP_URL = smtp.url;
    // The mail's links are on the public origin: no request is at hand when it is built.
    const previousPublicUrl = process.env.QUIRE_PUBLIC_URL;
    process.env.QUIRE_PUBLIC_URL = BASE_URL;
    try {
      const w = await world();
      await db().user.update({ where: { id: w.adminId }, data: { displayName: "Ann <script>alert(1)</script>" } });
      await db().user.update({ where: { id: w.writer.user.id }, data: { emailNotifications: true } });
      await record(w.adminId, w.organizationId, "comment.posted", { type: "comment", id: w.comment.id }, {
        spaceId: w.space.id,
        changeRequestId: w.cr.id,
        commentId: w.comment.id,
        pageId: null,
        mentions: [w.writer.user.id, w.reader.user.id],
        excerpt: "Look at <img src=x onerror=alert(1)>",
      });
      const [mail, ...more] = await smtp.waitForMessages(1);
      expect(mail!.to).toEqual([w.writer.user.email]);
      expect(mail!.headers.subject).toBe(`Ann <script>alert(1)</script> mentioned you in change request #${w.cr.number} “Fix the intro” in Handbook <b>`);
      const boundary = mail!.headers["content-type"]!.match(/boundary="?([^";]+)"?/)![1]!;
      const parts = Object.fromEntries(
        mail!.text
          .split(`--${boundary}`)
          .slice(1, -1)
          .map((part) => {
            const [head, ...body] = part.trim().split("\n\n");
            const decoded = /quoted-printable/i.test(head!)
              ? Buffer.from(body.join("\n\n").replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8")
              : body.join("\n\n");
            return [head!.match(/content-type: ([^;\n]+)/i)![1]!, decoded];
          }),
      );
      const link = `${BASE_URL}/o/${w.organizationId}/s/${w.space.id}/change-requests/${w.cr.number}?comment=${w.comment.id}`;
      expect(parts["text/plain"]).toContain(`Open it in Quire: ${link}`);
      expect(parts["text/plain"]).toContain("> Look at <img src=x onerror=alert(1)>");
      expect(parts["text/html"]).toContain("Ann &#60;script&#62;alert(1)&#60;/script&#62; mentioned you");
      expect(parts["text/html"]).toContain("&#60;img src=x onerror=alert(1)&#62;");
      expect(parts["text/html"]).toContain(`<a href="${link}">`);
      expect(parts["text/html"]).not.toMatch(/<script|<img/);
      for (let wait = 0; wait < 100; wait++) {
        if ((await db().notification.findFirstOrThrow({ where: { userId: w.writer.user.id } })).emailedAt) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await db().notification.findFirstOrThrow({ where: { userId: w.writer.user.id } })).emailedAt).not.toBeNull();
      // The reader, who did not ask for email, got none.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(more).toEqual([]);
      expect(smtp.messages).toHaveLength(1);
      expect((await db().notification.findFirstOrThrow({ where: { userId: w.reader.user.id } })).emailedAt).toBeNull();
    } finally {
      process.env.QUIRE_SMTP_URL = previous;
      if (previous === undefined) delete process.env.QUIRE_SMTP_URL;
      process.env.QUIRE_PUBLIC_URL = previousPublicUrl;
      if (previousPublicUrl === undefined) delete process.env.QUIRE_PUBLIC_URL;
      await smtp.close();
    }
  });

  test("the inbox and the email setting through tRPC, as the top bar and the profile use them", async () => {
    const w = await world();
    await record(w.adminId, w.organizationId, "comment.posted", { type: "comment", id: w.comment.id }, { spaceId: w.space.id, changeRequestId: w.cr.id, commentId: w.comment.id, pageId: null, mentions: [w.writer.user.id], excerpt: "Hi" });
    await notificationsOf("comment.posted", w.organizationId, 1);
    const writer = createCallerFactory(appRouter)({ actor: { userId: w.writer.user.id, via: "session" }, baseUrl: BASE_URL });
    expect(await writer.notifications.unreadCount()).toEqual({ count: 1 });
    const { items, next } = await writer.notifications.list({ unread: true });
    expect(next).toBeUndefined();
    expect(items).toEqual([expect.objectContaining({ kind: "mention", excerpt: "Hi", readAt: null, changeRequest: { id: w.cr.id, number: w.cr.number, subject: "Fix the intro" } })]);
    expect(await writer.notifications.markRead({ ids: [items[0]!.id] })).toEqual({ count: 1 });
    expect(await writer.notifications.unreadCount()).toEqual({ count: 0 });
    expect((await writer.notifications.list({})).items[0]!.readAt).not.toBeNull();
    await expect(writer.notifications.markRead({ ids: [], all: true })).rejects.toThrow();

    expect(await writer.profile.notificationSettings()).toMatchObject({ emailNotifications: false });
    expect(await writer.profile.updateNotificationSettings({ emailNotifications: true })).toMatchObject({ emailNotifications: true });
    expect((await db().user.findUniqueOrThrow({ where: { id: w.writer.user.id } })).emailNotifications).toBe(true);
  });

  test("a new thread on a space's page tells its owners (its creator and its own admins) in plain text; the inbox filters by kind and space", async () => {
    const w = await world();
    const spaceAdmin = await w.tenant.member("read");
    await db().contentGrant.create({ data: { id: newId(), organizationId: w.organizationId, spaceId: w.space.id, userId: spaceAdmin.user.id, role: "admin" } });
    const posted = await apiClient(server.url, w.writer.token).post(`/v1/spaces/${w.space.id}/comments`, { body: { markdown: "**Bold** idea on [the intro](https://x.test), `code`" } });
    expect(posted.status).toBe(200);
    const rows = await notificationsOf("comment.posted", w.organizationId, 2);
    expect(rows.map((row) => [row.userId, row.kind]).sort()).toEqual([[w.adminId, "comment"], [spaceAdmin.user.id, "comment"]].sort());

    const owner = apiClient(server.url, w.tenant.admin.token);
    const [item] = (await owner.get("/v1/user/notifications")).body.items;
    expect(item).toMatchObject({ kind: "comment", excerpt: "Bold idea on the intro, code", text: `${w.writer.user.displayName} commented on a page of Handbook <b>` });
    // A comment on a change request tells its review's people, not the space's owners.
    const onRequest = await apiClient(server.url, w.writer.token).post(`/v1/spaces/${w.space.id}/change-requests/${w.cr.id}/comments`, { body: { markdown: "On the request" } });
    const event = await db().domainEvent.findFirstOrThrow({ where: { action: "comment.posted", targetId: onRequest.body.id } });
    await buildNotifications(event.id);
    expect(await db().notification.count({ where: { eventId: event.id } })).toBe(0);

    const other = (await owner.post(`/v1/orgs/${w.organizationId}/spaces`, { title: "Other" })).body;
    const count = async (query: string) => (await owner.get(`/v1/user/notifications?${query}`)).body.count;
    expect(await count("filter=comments")).toBe(1);
    expect(await count("filter=mentions")).toBe(0);
    expect(await count("filter=reviews")).toBe(0);
    expect(await count(`space=${w.space.id}`)).toBe(1);
    expect(await count(`space=${other.id}`)).toBe(0);
    expect((await owner.get("/v1/user/notifications?filter=everything")).status).toBe(400);
    const caller = createCallerFactory(appRouter)({ actor: { userId: w.adminId, via: "session" }, baseUrl: BASE_URL, clientAddress: "test" });
    expect(await caller.notifications.spaces()).toEqual({ items: [{ id: w.space.id, title: "Handbook <b>" }] });
    expect((await caller.notifications.list({ filter: "comments", space: w.space.id })).items).toHaveLength(1);
  });

  test("end to end through /v1's comments: a mention on a space page, then replies in the thread", async () => {
    const w = await world();
    const admin = apiClient(server.url, w.tenant.admin.token);
    const mention = (user: { id: string; displayName: string }) => `@[${user.displayName}](mention:${user.id})`;
    const base = `/v1/spaces/${w.space.id}/comments`;
    const posted = await admin.post(base, { body: { markdown: `Could you check this, ${mention(w.writer.user)}? (not ${mention(w.guest.user)})` } });
    expect(posted.status).toBe(200);
    const [mentioned] = await notificationsOf("comment.posted", w.organizationId, 1);
    expect(mentioned).toMatchObject({ userId: w.writer.user.id, kind: "mention", commentId: posted.body.id, changeRequestId: null });
    expect(mentioned!.summary).toMatchObject({ changeRequest: null, path: `/o/${w.organizationId}/s/${w.space.id}?comment=${posted.body.id}` });

    // The writer replies: the author hears of it; then the reader replies: the author and the writer do.
    expect((await apiClient(server.url, w.writer.token).post(`${base}/${posted.body.id}/replies`, { body: { markdown: "Done." } })).status).toBe(200);
    expect((await notificationsOf("comment_reply.posted", w.organizationId, 1)).map((row) => [row.userId, row.kind])).toEqual([[w.adminId, "reply"]]);
    const readerWriter = await w.tenant.member("comment");
    expect((await apiClient(server.url, readerWriter.token).post(`${base}/${posted.body.id}/replies`, { body: { markdown: "Thanks both" } })).status).toBe(200);
    const replies = await notificationsOf("comment_reply.posted", w.organizationId, 3);
    expect(replies.filter((row) => row.actorId === readerWriter.user.id).map((row) => [row.userId, row.kind]).sort()).toEqual(
      [[w.adminId, "reply"], [w.writer.user.id, "reply"]].sort(),
    );
    const inbox = await apiClient(server.url, w.writer.token).get("/v1/user/notifications");
    expect(inbox.body.items.map((item: { text: string }) => item.text)).toEqual([
      `${readerWriter.user.displayName} replied to a thread in Handbook <b>`,
      `${w.tenant.admin.user.displayName} mentioned you in Handbook <b>`,
    ]);
  });
});
