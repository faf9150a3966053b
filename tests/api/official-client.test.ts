import { GitBookAPI, GitBookAPIError } from "@gitbook/api";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertConforms } from "../helpers/conformance";
import { createTenant } from "../helpers/factories";
import { startApiServer } from "../helpers/server";

/** Wire compatibility as a user of GitBook's own client sees it: same calls, same shapes, errors thrown. */

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

// The client appends `/v1` to its endpoint itself.
const clientFor = (authToken: string) => new GitBookAPI({ endpoint: server.url, authToken });

describe("the official @gitbook/api client", () => {
  test("reads the user and organizations, and creates an organization", async () => {
    const tenant = await createTenant();
    const api = clientFor(tenant.admin.token);

    const { data: user } = await api.user.getAuthenticatedUser();
    assertConforms("getAuthenticatedUser", 200, user);
    expect(user).toMatchObject({ object: "user", id: tenant.admin.user.id, email: tenant.admin.user.email });

    const { data: organizations } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(organizations.items.map((organization) => organization.id)).toEqual([tenant.organization.id]);

    const { data: organization } = await api.orgs.getOrganizationById(tenant.organization.id);
    assertConforms("getOrganizationById", 200, organization);
    expect(organization).toMatchObject({ object: "organization", id: tenant.organization.id, title: tenant.organization.title });

    const created = await api.orgs.createOrganization({ title: "Made by the client" });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: "organization", title: "Made by the client" });
    const after = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(after.data.items.map((organization) => organization.id)).toContain(created.data.id);
  });

  test("creates collections and a space, then reads, updates, moves, deletes and restores the space", async () => {
    const tenant = await createTenant();
    const api = clientFor(tenant.admin.token);
    const orgId = tenant.organization.id;

    const { data: docs } = await api.orgs.createCollection(orgId, { title: "Docs" });
    const { data: guides } = await api.orgs.createCollection(orgId, { title: "Guides", parent: docs.id });
    expect(guides).toMatchObject({ object: "collection", parent: docs.id });

    const { data: space } = await api.orgs.createSpace(orgId, { title: "Handbook", parent: docs.id });
    assertConforms("createSpace", 201, space);
    expect(space).toMatchObject({ object: "space", title: "Handbook", parent: docs.id, organization: orgId });

    const { data: read } = await api.spaces.getSpaceById(space.id);
    assertConforms("getSpaceById", 200, read);
    expect(read.id).toBe(space.id);

    const { data: updated } = await api.spaces.updateSpaceById(space.id, { title: "Team handbook", emoji: "1f4d8" });
    expect(updated).toMatchObject({ title: "Team handbook", emoji: "1f4d8" });

    const { data: moved } = await api.spaces.moveSpace(space.id, { parent: guides.id });
    expect(moved.parent).toBe(guides.id);

    expect((await api.spaces.deleteSpaceById(space.id)).status).toBe(204);
    await expect(api.spaces.getSpaceById(space.id)).rejects.toMatchObject({ code: 404 });

    const { data: restored } = await api.spaces.restoreSpace(space.id);
    expect(restored).toMatchObject({ id: space.id, title: "Team handbook", parent: guides.id });
    expect((await api.spaces.getSpaceById(space.id)).data.deletedAt).toBeUndefined();
  });

  test("a 404 is thrown as GitBookAPIError with the envelope's message, also for another organization's records", async () => {
    const tenant = await createTenant();
    const error = await clientFor(tenant.admin.token).spaces.getSpaceById("no-such-space").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect(error).toMatchObject({ code: 404 });
    expect((error as GitBookAPIError).errorMessage).not.toBe("");

    await expect(clientFor(tenant.stranger.token).orgs.getOrganizationById(tenant.organization.id)).rejects.toMatchObject({ code: 404 });
  });
});
