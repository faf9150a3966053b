import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { describe, expect, test } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { publishIntegration } from "../../server/integrations/registry";
import { createSpace } from "../../server/spaces/create-space";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";

/**
 * The Integrations area's procedures as the admin UI uses them: install on one chosen space, then
 * configure it. The configuration form (components/integrations/configuration-form.tsx) places a
 * refusal beside its field from the answer's `data.details` — checked here through the HTTP handler
 * the app serves, since a server-side caller skips the error formatting.
 */

const BASE_URL = "http://quire.test";
const createCaller = createCallerFactory(appRouter);

async function httpCall(actor: Actor, path: string, input: unknown, kind: "query" | "mutation") {
  const url = new URL(`${BASE_URL}/api/trpc/${path}`);
  const serialized = JSON.stringify(superjson.serialize(input));
  if (kind === "query") url.searchParams.set("input", serialized);
  const request = new Request(url, kind === "query" ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: serialized });
  const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: async () => ({ actor, baseUrl: BASE_URL }) });
  const body = (await response.json()) as { error?: { json: { message: string; data: { code: string; details?: unknown } } } };
  return { status: response.status, error: body.error?.json };
}

async function installedOnOneSpace() {
  const tenant = await createTenant();
  const actor: Actor = { userId: tenant.admin.user.id, via: "session" };
  const ctx = { actor, baseUrl: BASE_URL };
  const name = `ui-${tenant.organization.id.toLowerCase()}`;
  await publishIntegration(ctx, name, {
    organization: tenant.organization.id,
    title: "Notifier",
    description: "Tells the team",
    script: "",
    scopes: ["space:content:read"],
    runtime: "v1",
    visibility: "private",
    target: "space",
    configurations: { space: { properties: { channel: { type: "string", title: "Channel" }, retries: { type: "number", title: "Retries", default: 2 } }, required: ["channel"] } },
  });
  const [chosen, other] = [await createSpace(ctx, tenant.organization.id, { title: "Chosen" }), await createSpace(ctx, tenant.organization.id, { title: "Other" })];
  const caller = createCaller(ctx);
  const installation = await caller.integrations.install({ integrationName: name, organizationId: tenant.organization.id, space_selection: "selected" });
  await caller.integrations.installOnSpace({ integrationName: name, installationId: installation.id, spaceId: chosen.id });
  return { tenant, actor, caller, name, installation, chosen, other };
}

describe("the Integrations area's procedures", () => {
  test("installed on one chosen space: the catalog marks it installed; the chosen space lists it pending, then active once configured; the other does not", async () => {
    const { tenant, caller, name, installation, chosen, other } = await installedOnOneSpace();
    const catalog = await caller.integrations.catalog({ organizationId: tenant.organization.id, search: "notifier" });
    expect(catalog.items.map((integration) => integration.name)).toEqual([name]);
    const installed = await caller.integrations.organizationInstallations({ organizationId: tenant.organization.id, search: name });
    expect(installed.items.map((item) => [item.integration.name, item.installation.id])).toEqual([[name, installation.id]]);
    const ids = { integrationName: name, installationId: installation.id };
    // The required channel is not set: the space's installation waits for it, and reaches nothing yet.
    expect((await caller.integrations.installationSpaces(ids)).items.map((item) => [item.space, item.status, item.configuration])).toEqual([[chosen.id, "pending", { retries: 2 }]]);
    // The chosen space's tab lists it as pending (not "nothing installed"); configured, it is active.
    const onChosen = async () => (await caller.integrations.spaceIntegrations({ spaceId: chosen.id })).items.map((item) => [item.integration.name, item.status]);
    expect(await onChosen()).toEqual([[name, "pending"]]);
    await caller.integrations.updateSpaceInstallation({ ...ids, spaceId: chosen.id, configuration: { channel: "#docs" } });
    expect(await onChosen()).toEqual([[name, "active"]]);
    expect((await caller.integrations.spaceIntegrations({ spaceId: other.id })).items).toEqual([]);
  });

  test("a refused configuration names its property in data.details, for the form to show beside that field", async () => {
    const { actor, caller, name, installation, chosen } = await installedOnOneSpace();
    const ids = { integrationName: name, installationId: installation.id, spaceId: chosen.id };
    const refused = await httpCall(actor, "integrations.updateSpaceInstallation", { ...ids, configuration: { channel: "#docs", retries: "three" } }, "mutation");
    expect(refused.status).toBe(400);
    expect(refused.error!.data.details).toMatchObject({ property: "retries", problem: "must be a number" });
    const saved = await caller.integrations.updateSpaceInstallation({ ...ids, configuration: { channel: "#docs", retries: 3 } });
    expect(saved).toMatchObject({ status: "active", configuration: { channel: "#docs", retries: 3 } });
  });

  test("inputs are bounded as the /v1 operations' are: an over-long search or an integration name out of its pattern is a 400 naming it", async () => {
    const { actor, tenant } = await installedOnOneSpace();
    const long = await httpCall(actor, "integrations.catalog", { organizationId: tenant.organization.id, search: "x".repeat(10_000) }, "query");
    expect(long.status).toBe(400);
    expect(long.error!.data.details).toEqual({ fields: { search: expect.any(String) } });
    const badName = await httpCall(actor, "integrations.get", { integrationName: "../../etc" }, "query");
    expect(badName.status).toBe(400);
    expect(badName.error!.data.details).toEqual({ fields: { integrationName: expect.any(String) } });
  });
});
