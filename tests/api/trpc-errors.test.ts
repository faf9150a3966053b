import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Actor } from "../../server/auth/actor";
import { mergeConflictsSchema } from "../../server/content/merge/conflicts";
import type { Page } from "../../server/content/revisions";
import { ObjectStore } from "../../server/content/store/object-store";
import { db } from "../../server/db/client";
import { createSpace } from "../../server/spaces/create-space";
import { appRouter } from "../../server/trpc/root";
import { commitPages, commitToChangeRequest, createTenant, pagesOf } from "../helpers/factories";

/**
 * What the browser learns when a procedure fails, through the same HTTP handler the app serves
 * at /api/trpc (a server-side caller skips the error formatting).
 */

afterEach(() => {
  vi.restoreAllMocks();
});

type TrpcError = { message: string; code: number; data: { code: string; httpStatus: number; details?: unknown; stack?: string } };

async function call(actor: Actor, path: string, input: unknown, kind: "query" | "mutation") {
  const url = new URL(`http://quire.test/api/trpc/${path}`);
  const serialized = JSON.stringify(superjson.serialize(input));
  if (kind === "query") url.searchParams.set("input", serialized);
  const request = new Request(url, kind === "query" ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: serialized });
  const response = await fetchRequestHandler({ endpoint: "/api/trpc", req: request, router: appRouter, createContext: async () => ({ actor, baseUrl: "http://quire.test" }) });
  const text = await response.text();
  const body = JSON.parse(text) as { result?: { data: { json: any } }; error?: { json: TrpcError } };
  return { status: response.status, text, data: body.result?.data.json, error: body.error?.json };
}

/** A space whose "Setup; file uploads" page had the same words of a paragraph edited in main and in a change request. */
async function conflictingChangeRequest() {
  const tenant = await createTenant();
  const actor = { userId: tenant.admin.user.id, via: "session" as const };
  const space = await createSpace({ actor}, tenant.organization.id, { title: "Docs", empty: true });
  const revision = await commitPages(space.id, [{ title: "Setup; file uploads", slug: "setup", markdown: "One.\n\nTwo.\n" }]);
  const page = (await pagesOf(revision.id))[0]! as Page;
  const open = async (subject: string) => (await call(actor, "changeRequests.create", { spaceId: space.id, subject }, "mutation")).data as { id: string; number: number };
  const [main, proposal] = [await open("Main"), await open("Proposal")];
  await commitToChangeRequest(main.id, { put: [{ ...page, markdown: "One, from main.\n\nTwo.\n" }] });
  await commitToChangeRequest(proposal.id, { put: [{ ...page, markdown: "One, proposed.\n\nTwo.\n" }] });
  expect((await call(actor, "changeRequests.merge", { spaceId: space.id, ref: String(main.number) }, "mutation")).status).toBe(200);
  return { actor, space, page, ref: String(proposal.number) };
}

describe("tRPC errors", () => {
  test("a conflicting merge or update answers CONFLICT with the conflicts as data.details, the shape /v1 sends", async () => {
    const { actor, space, page, ref } = await conflictingChangeRequest();
    for (const procedure of ["changeRequests.merge", "changeRequests.updateFromMain"]) {
      const { status, error } = await call(actor, procedure, { spaceId: space.id, ref }, "mutation");
      expect(status).toBe(409);
      expect(error).toMatchObject({ message: 'The change request and the space\'s content conflict in 1 page ("Setup; file uploads").', data: { code: "CONFLICT" } });
      expect(mergeConflictsSchema.parse(error!.data.details).pages).toEqual([
        {
          id: page.id,
          title: "Setup; file uploads",
          path: "setup",
          fields: ["markdown"],
          conflicts: [
            {
              kind: "content",
              tooDifferent: false,
              blocks: [
                {
                  kind: "edited",
                  key: page.blockKeys![0],
                  type: "paragraph",
                  container: false,
                  main: { markdown: "One, from main.\n", truncated: false },
                  changeRequest: { markdown: "One, proposed.\n", truncated: false },
                },
              ],
            },
          ],
        },
      ]);
    }
  });

  test("an unexpected error (here the database's) answers 'Internal error.' and is logged in full on the server", async () => {
    const { actor, space, ref } = await conflictingChangeRequest();
    const databaseError: Error = await db()
      .$queryRawUnsafe("SELECT * FROM table_that_does_not_exist")
      .then(() => new Error("expected the query to fail"), (error: Error) => error);
    expect(databaseError.message).toContain("table_that_does_not_exist");
    vi.spyOn(ObjectStore.prototype, "getObjects").mockRejectedValue(databaseError);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    const { status, text, error } = await call(actor, "changeRequests.changes", { spaceId: space.id, ref }, "query");
    expect(status).toBe(500);
    expect(error).toMatchObject({ message: "Internal error.", data: { code: "INTERNAL_SERVER_ERROR" } });
    expect(error!.data.stack).toBeUndefined();
    expect(text).not.toContain("table_that_does_not_exist");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("changeRequests.changes"), databaseError);
  });

  test("known errors keep their messages: an AppError's, and a zod error's with the field it is about in data.details", async () => {
    const { actor, space } = await conflictingChangeRequest();
    const missing = await call(actor, "changeRequests.get", { spaceId: space.id, ref: "999" }, "query");
    expect(missing.status).toBe(404);
    expect(missing.error!.message).toMatch(/999/);
    const invalid = await call(actor, "changeRequests.create", { spaceId: space.id, subject: "x".repeat(10_000) }, "mutation");
    expect(invalid.status).toBe(400);
    expect(invalid.error!.data.details).toEqual({ fields: { subject: invalid.error!.message } });
  });
});
