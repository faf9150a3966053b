import type { APIRequestContext } from "@playwright/test";
import { uniqueSuffix, v1 } from "./helpers";

/** A change request of its own to write in, made through /v1 (on a new space of the seeded organization). */
export type EditorPlace = { organizationId: string; spaceId: string; changeRequestId: string; editorPath: string; pageId: string; pageUrl: string };

/**
 * A new space with one empty page ("Introduction") and a change request on it, made through /v1;
 * answers the editor's address and the /v1 address of the page in the change request.
 * `changes`, when given, are applied to the change request first (e.g. pages and files to start from).
 */
export async function openChangeRequest(request: APIRequestContext, token: string, subject: string, changes?: unknown[]): Promise<EditorPlace & { applied?: unknown }> {
  const organizations = (await v1(request, token, "get", "/v1/orgs")) as { items: { id: string; title: string }[] };
  const organizationId = organizations.items.find((organization) => organization.title === "Demo organization")!.id;
  const space = (await v1(request, token, "post", `/v1/orgs/${organizationId}/spaces`, { title: `${subject} ${uniqueSuffix()}` })) as { id: string };
  const changeRequest = (await v1(request, token, "post", `/v1/spaces/${space.id}/change-requests`, { subject })) as { id: string; number: number };
  const base = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`;
  const applied = changes ? await v1(request, token, "post", `${base}/content?compat=false`, { changes }) : undefined;
  const pages = (await v1(request, token, "get", `${base}/content`)) as { pages: { id: string }[] };
  const pageId = pages.pages[0]!.id;
  return {
    organizationId,
    spaceId: space.id,
    changeRequestId: changeRequest.id,
    editorPath: `/o/${organizationId}/s/${space.id}/change-requests/${changeRequest.number}/edit`,
    pageId,
    pageUrl: `${base}/content/page/${pageId}`,
    ...(applied ? { applied } : {}),
  };
}

/** The page's markdown in the change request, as /v1 answers it. */
export async function storedMarkdown(request: APIRequestContext, token: string, pageUrl: string): Promise<string> {
  return ((await v1(request, token, "get", `${pageUrl}?format=markdown`)) as { markdown: string }).markdown;
}
