import { lookup } from "node:dns/promises";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openSecret } from "../../server/crypto/secret-box";
import { db } from "../../server/db/client";
import { eventsAsText } from "../helpers/events";
import { createTenant } from "../helpers/factories";
import { apiClient, fieldErrorsOf, startApiServer } from "../helpers/server";
import { webhookAnswer, webhookListAnswer, webhookWithSecretAnswer } from "./answers";

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe("webhooks (createOrganizationWebhook, list, get, update, rotate secret, delete)", () => {
  test("an admin adds, reads, changes, rotates and removes a webhook; the secret is shown once and stored sealed", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);

    const created = await admin.post(`/v1/orgs/${organizationId}/webhooks`, {
      url: "https://hooks.example.com/quire",
      description: "  Build pipeline ",
      eventTypes: ["space_content_updated", "ping", "space_content_updated"],
    });
    expect(created.status).toBe(201);
    const webhook = webhookWithSecretAnswer.parse(created.body);
    expect(created.headers.get("location")).toBe(webhook.urls.location);
    expect(webhook).toMatchObject({ url: "https://hooks.example.com/quire", description: "Build pipeline", eventTypes: ["ping", "space_content_updated"], active: true });
    const { secret, ...shown } = webhook;

    // Never answered again.
    const read = await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`);
    expect(webhookAnswer.parse(read.body)).toEqual(shown);
    expect(webhookListAnswer.parse((await admin.get(`/v1/orgs/${organizationId}/webhooks`)).body)).toEqual({ items: [shown], count: 1 });

    // Stored sealed under the webhook's own context, and in no domain event.
    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(row.secret).not.toContain(secret.slice(6));
    expect(await openSecret(row.secret, `webhook-secret:${webhook.id}`)).toBe(secret);
    await expect(openSecret(row.secret, "webhook-secret:another")).rejects.toThrow();

    const updated = await admin.patch(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`, { eventTypes: [], active: false });
    expect(updated.status).toBe(200);
    expect(webhookAnswer.parse(updated.body)).toMatchObject({ eventTypes: [], active: false, url: webhook.url });

    const rotated = await admin.post(`/v1/orgs/${organizationId}/webhooks/${webhook.id}/secret`);
    expect(rotated.status).toBe(200);
    const newSecret = webhookWithSecretAnswer.parse(rotated.body).secret;
    expect(newSecret).not.toBe(secret);
    const rotatedRow = await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(await openSecret(rotatedRow.secret, `webhook-secret:${webhook.id}`)).toBe(newSecret);

    expect((await admin.delete(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await admin.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await admin.delete(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`)).status).toBe(204);

    const events = await db().domainEvent.findMany({ where: { organizationId, targetId: webhook.id } });
    expect(events.map((event) => event.action).sort()).toEqual(["webhook.created", "webhook.deleted", "webhook.updated", "webhook.updated"]);
    const recorded = eventsAsText(events);
    expect(recorded).not.toContain(secret);
    expect(recorded).not.toContain(newSecret);
  });

  test("a change to nothing records nothing", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const { body } = await admin.post(`/v1/orgs/${tenant.organization.id}/webhooks`, { url: "https://hooks.example.com/a" });
    const same = await admin.patch(`/v1/orgs/${tenant.organization.id}/webhooks/${body.id}`, { url: "https://hooks.example.com/a", eventTypes: [] });
    expect(same.status).toBe(200);
    expect(await db().domainEvent.count({ where: { targetId: body.id } })).toBe(1);
  });

  test.each([
    ["ftp://hooks.example.com/x", "http or https"],
    ["https://user:pass@hooks.example.com/x", "user name or password"],
    ["https://hooks.example.com/x#part", "fragment"],
    ["http://127.0.0.1:9/x", "private or reserved"],
    ["http://10.1.2.3/x", "private or reserved"],
    ["http://localhost:3000/x", "localhost"],
    ["not a url", "absolute"],
    [`https://hooks.example.com/${"a".repeat(2048)}`, "2048"],
  ])("refuses the URL %s", async (url, problem) => {
    const tenant = await createTenant();
    const answer = await apiClient(server.url, tenant.admin.token).post(`/v1/orgs/${tenant.organization.id}/webhooks`, { url });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain(problem);
  });

  test("refuses at once a host name that resolves to a private address, naming the field and the reason, unless the allowlist names it", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    // This machine's own name resolves to a loopback address (/etc/hosts).
    const host = hostname();
    const addresses = await lookup(host, { all: true });
    expect(addresses.some(({ address }) => address.startsWith("127.") || address === "::1")).toBe(true);
    const url = `http://${host}:9/hook`;
    const refused = await admin.post(`/v1/orgs/${tenant.organization.id}/webhooks`, { url });
    expect(refused.status).toBe(400);
    expect(fieldErrorsOf(refused.body)).toMatch(new RegExp(`^url: ${host} resolves to .*, a private or reserved address`));
    expect(refused.body.error.details).toMatchObject({ fields: { url: refused.body.error.message }, reason: "private_address" });
    const { body: webhook } = await admin.post(`/v1/orgs/${tenant.organization.id}/webhooks`, { url: "https://hooks.example.com/x" });
    const changed = await admin.patch(`/v1/orgs/${tenant.organization.id}/webhooks/${webhook.id}`, { url });
    expect(changed.body.error.details).toMatchObject({ fields: { url: changed.body.error.message }, reason: "private_address" });

    const saved = process.env.QUIRE_FETCH_ALLOWLIST;
    process.env.QUIRE_FETCH_ALLOWLIST = host;
    try {
      expect((await admin.patch(`/v1/orgs/${tenant.organization.id}/webhooks/${webhook.id}`, { url })).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.QUIRE_FETCH_ALLOWLIST;
      else process.env.QUIRE_FETCH_ALLOWLIST = saved;
    }
  });

  test("refuses an unknown event type and a long description", async () => {
    const tenant = await createTenant();
    const admin = apiClient(server.url, tenant.admin.token);
    const unknown = await admin.post(`/v1/orgs/${tenant.organization.id}/webhooks`, { url: "https://hooks.example.com/x", eventTypes: ["space_deleted"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("installation_setup");
    const long = await admin.post(`/v1/orgs/${tenant.organization.id}/webhooks`, { url: "https://hooks.example.com/x", description: "d".repeat(201) });
    expect(long.status).toBe(400);
  });

  test("only the organization's admins manage webhooks; another organization's webhook is not found", async () => {
    const tenant = await createTenant();
    const organizationId = tenant.organization.id;
    const admin = apiClient(server.url, tenant.admin.token);
    const { body: webhook } = await admin.post(`/v1/orgs/${organizationId}/webhooks`, { url: "https://hooks.example.com/x" });

    for (const role of ["edit", "create", "read", null] as const) {
      const member = apiClient(server.url, (await tenant.member(role)).token);
      expect((await member.get(`/v1/orgs/${organizationId}/webhooks`)).status).toBe(403);
      expect((await member.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`)).status).toBe(403);
      expect((await member.post(`/v1/orgs/${organizationId}/webhooks`, { url: "https://hooks.example.com/y" })).status).toBe(403);
    }

    // The stranger is the admin of the organization next door.
    const stranger = apiClient(server.url, tenant.stranger.token);
    expect((await stranger.get(`/v1/orgs/${organizationId}/webhooks/${webhook.id}`)).status).toBe(404);
    const otherOrganization = tenant.otherOrganization.id;
    expect((await stranger.get(`/v1/orgs/${otherOrganization}/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await stranger.patch(`/v1/orgs/${otherOrganization}/webhooks/${webhook.id}`, { active: false })).status).toBe(404);
    expect((await stranger.post(`/v1/orgs/${otherOrganization}/webhooks/${webhook.id}/secret`)).status).toBe(404);
    expect((await stranger.delete(`/v1/orgs/${otherOrganization}/webhooks/${webhook.id}`)).status).toBe(204);
    expect(await db().webhook.count({ where: { id: webhook.id } })).toBe(1);
  });
});
