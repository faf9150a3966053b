import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSpace } from "../../server/spaces/create-space";
import { appRouter } from "../../server/trpc/root";
import { createTenant } from "../helpers/factories";
import { apiClient, startApiServer } from "../helpers/server";

/**
 * A 400 names the fields it is about as data, `details.fields` (path → message for people), on /v1
 * (in the reference's error envelope) and on tRPC (`data.details`, through the handler the app
 * serves); the message itself does not start with the field.
 */

let server: Awaited<ReturnType<typeof startApiServer>>;
let setup: Awaited<ReturnType<typeof spaceOfAdmin>>;
beforeAll(async () => {
  server = await startApiServer();
  setup = await spaceOfAdmin();
});
afterAll(() => server.close());

async function spaceOfAdmin() {
  const tenant = await createTenant();
  const actor = { userId: tenant.admin.user.id, via: "session" as const };
  const space = await createSpace({ actor}, tenant.organization.id, { title: "Docs", empty: true });
  return { actor, space, v1: apiClient(server.url, tenant.admin.token) };
}

async function trpcMutation(path: string, input: unknown) {
  const request = new Request(`http://quire.test/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(superjson.serialize(input)) });
  const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: async () => ({ actor: setup.actor, baseUrl: "http://quire.test" }) });
  const body = (await response.json()) as { error?: { json: { message: string; data: { details?: unknown } } } };
  return { status: response.status, error: body.error?.json };
}

const TOO_LONG = "Too big: expected string to have <=50 characters";
const NOT_IN_COLLECTION = "In-collection is only available for a space in a collection";

describe("field errors as data", () => {
  test("/v1: a zod failure and a service's field error each answer details.fields", async () => {
    const path = `/v1/spaces/${setup.space.id}`;
    const tooLong = await setup.v1.patch(path, { title: "x".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toEqual({ code: 400, message: TOO_LONG, details: { fields: { title: TOO_LONG } } });
    const inCollection = await setup.v1.patch(path, { visibility: "in-collection" });
    expect(inCollection.status).toBe(400);
    expect(inCollection.body.error).toEqual({ code: 400, message: NOT_IN_COLLECTION, details: { fields: { visibility: NOT_IN_COLLECTION } } });
  });

  test("tRPC: the same two answer data.details.fields", async () => {
    const tooLong = await trpcMutation("settings.updateSpace", { spaceId: setup.space.id, title: "x".repeat(51) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toMatchObject({ message: TOO_LONG, data: { details: { fields: { title: TOO_LONG } } } });
    const inCollection = await trpcMutation("settings.updateSpace", { spaceId: setup.space.id, visibility: "in-collection" });
    expect(inCollection.status).toBe(400);
    expect(inCollection.error).toMatchObject({ message: NOT_IN_COLLECTION, data: { details: { fields: { visibility: NOT_IN_COLLECTION } } } });
  });
});
