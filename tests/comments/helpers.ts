import { db } from "../../server/db/client";
import { addMember, createTenant } from "../helpers/factories";
import { apiClient, type startApiServer } from "../helpers/server";
import type { Role } from "../../server/policies/roles";

export type Server = Awaited<ReturnType<typeof startApiServer>>;
export type Client = ReturnType<typeof apiClient>;

/**
 * A space with one page on main (three paragraphs), a change request on it, and members of each
 * role with their clients; `bases` are the two comment bases (space, change request).
 */
export async function commentWorld(server: Server, markdown = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n") {
  const tenant = await createTenant();
  const admin = apiClient(server.url, tenant.admin.token);
  const space = (await admin.post(`/v1/orgs/${tenant.organization.id}/spaces`, { title: "Docs" })).body;
  const seed = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Seed" })).body;
  const inserted = await admin.post(`/v1/spaces/${space.id}/change-requests/${seed.id}/content?compat=false`, {
    changes: [{ operation: "insert_page", title: "Guide", slug: "guide", document: { markdown } }],
  });
  const pageId: string = inserted.body.changes[0].page.id;
  await admin.post(`/v1/spaces/${space.id}/change-requests/${seed.id}/merge`);
  const changeRequest = (await admin.post(`/v1/spaces/${space.id}/change-requests`, { subject: "Edits" })).body;
  const member = async (role: Role | null) => {
    const { user, token } = await addMember(tenant.organization.id, role);
    return { user, client: apiClient(server.url, token) };
  };
  const spaceBase = `/v1/spaces/${space.id}/comments`;
  const crBase = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/comments`;
  return {
    tenant,
    admin,
    adminUser: await db().user.findUniqueOrThrow({ where: { id: tenant.admin.user.id } }),
    stranger: apiClient(server.url, tenant.stranger.token),
    space,
    pageId,
    changeRequest,
    member,
    spaceBase,
    crBase,
    bases: [
      { name: "space", path: spaceBase, changeRequest: undefined as string | undefined },
      { name: "change request", path: crBase, changeRequest: changeRequest.id as string | undefined },
    ],
  };
}

/** The block keys of a page, in order, as `format=document` reads them (main, or a change request's). */
export async function blockKeysOf(client: Client, spaceId: string, pageId: string, changeRequestId?: string): Promise<string[]> {
  const path = changeRequestId ? `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}` : `/v1/spaces/${spaceId}/content/page/${pageId}`;
  const page = await client.get(`${path}?format=document`);
  return (page.body.document.nodes as { key: string }[]).map((node) => node.key);
}

/** The domain events recorded for a target, oldest first. */
export function eventsOf(targetId: string) {
  return db().domainEvent.findMany({ where: { targetId }, orderBy: { occurredAt: "asc" } });
}
