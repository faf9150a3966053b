/** The addresses of a space's screens (no "use client": server-rendered pages build them too). */
export const spaceHref = (organizationId: string, spaceId: string) => `/o/${organizationId}/s/${spaceId}`;
export const readerHref = (organizationId: string, spaceId: string, pageId?: string) =>
  pageId ? `${spaceHref(organizationId, spaceId)}/p/${pageId}` : `${spaceHref(organizationId, spaceId)}/content`;
/** The editor on the space's content itself, for spaces edited live (at `pageId`'s page). */
export const liveEditHref = (organizationId: string, spaceId: string, pageId?: string) => `${spaceHref(organizationId, spaceId)}/edit${pageId ? `?page=${pageId}` : ""}`;
export const changeRequestsHref = (organizationId: string, spaceId: string) => `${spaceHref(organizationId, spaceId)}/change-requests`;
export const changeRequestHref = (organizationId: string, spaceId: string, number: number | string) => `${changeRequestsHref(organizationId, spaceId)}/${number}`;
export const historyHref = (organizationId: string, spaceId: string) => `${spaceHref(organizationId, spaceId)}/history`;
export const spaceIntegrationsHref = (organizationId: string, spaceId: string) => `${spaceHref(organizationId, spaceId)}/integrations`;
/** The reader at a past revision (the address `/v1` gives a revision as its `urls.app`). */
export const revisionReaderHref = (organizationId: string, spaceId: string, revisionId: string, pageId?: string) =>
  `${spaceHref(organizationId, spaceId)}/revisions/${revisionId}${pageId ? `/p/${pageId}` : ""}`;
