import { serviceProviderOf, startUrlOf } from "../sso/service-provider";
import { siteSectionUrl, siteSpaceUrl, siteUrl, type SectionPlace, type SiteAddress, type SiteSpacePlace } from "../sites/urls";
import { backgroundPublicOrigin } from "../config";

/**
 * The absolute URLs an answer shows, on one request's origin: built at the edge (the /v1 router's
 * operation context and the tRPC context carry one, `urls`), never by a service, so that what a
 * service returns — and what jobs and events keep — holds no origin (docs/records-and-presenters.md).
 */
export type Urls = ReturnType<typeof urlsFor>;

/** Absolute URLs of resources, in the API (`location`) and in the app (`app`). */
export const apiUrl = (origin: string, path: string) => `${origin}/v1${path}`;
export const appUrl = (origin: string, path: string) => `${origin}${path}`;

const installationPath = (integrationName: string, installationId: string) => `/integrations/${integrationName}/installations/${installationId}`;
type CommentPlace = { id: string; spaceId: string; changeRequestId: string | null };
const commentPath = (comment: CommentPlace) =>
  `/spaces/${comment.spaceId}${comment.changeRequestId ? `/change-requests/${comment.changeRequestId}` : ""}/comments/${comment.id}`;
/** A file uploaded to an organization, as its URL names it: `/api/orgs/<organizationId>/files/<uploadId>`. */
export type OrganizationFileRef = { organizationId: string; uploadId: string };
const ORGANIZATION_FILE_PATH = /^\/api\/orgs\/([0-9A-Za-z]{20})\/files\/([0-9A-Za-z]{20})$/;

export function urlsFor(origin: string) {
  const organizationFile = (organizationId: string, uploadId: string) => appUrl(origin, `/api/orgs/${organizationId}/files/${uploadId}`);
  return {
    /** The origin itself: for builders not yet taking `Urls` (site URLs, file URLs). */
    origin,
    api: (path: string) => apiUrl(origin, path),
    app: (path: string) => appUrl(origin, path),
    /** Where a file's bytes are served (app/files/[spaceId]/[key]): by space, so access follows the space's. */
    fileDownload: (spaceId: string, file: { blob: string }) => appUrl(origin, `/files/${spaceId}/${encodeURIComponent(file.blob)}`),
    /** A space's `urls.location` and `urls.app`. */
    space: (space: { id: string; organizationId: string }) => ({
      location: apiUrl(origin, `/spaces/${space.id}`),
      app: appUrl(origin, `/o/${space.organizationId}/s/${space.id}`),
    }),
    /** A collection's `urls.location` and `urls.app`. */
    collection: (collection: { id: string; organizationId: string }) => ({
      location: apiUrl(origin, `/collections/${collection.id}`),
      app: appUrl(origin, `/o/${collection.organizationId}/c/${collection.id}`),
    }),
    /** A SAML provider's `urls.location`. */
    samlProvider: (provider: { id: string; organizationId: string }) => apiUrl(origin, `/orgs/${provider.organizationId}/saml/${provider.id}`),
    /** Quire's side of an organization's SAML (entity ID, ACS URL): server/sso/service-provider.ts, shared with the SAML exchange. */
    ssoServiceProvider: (organizationId: string) => serviceProviderOf(origin, organizationId),
    /** Where signing in through one provider starts. */
    ssoStart: (providerId: string) => startUrlOf(origin, providerId),
    /** A site's `urls.location` and `urls.app`. */
    site: (site: { id: string; organizationId: string }) => ({
      location: apiUrl(origin, `/orgs/${site.organizationId}/sites/${site.id}`),
      app: appUrl(origin, `/o/${site.organizationId}/sites/${site.id}`),
    }),
    /** Where a site, one of its sections and one of its site spaces are served (server/sites/urls.ts). */
    siteAddress: (site: SiteAddress) => siteUrl(site, origin),
    siteSection: (site: SiteAddress, section: SectionPlace) => siteSectionUrl(site, section, origin),
    siteSpace: (site: SiteAddress, section: SectionPlace | null, siteSpace: SiteSpacePlace) => siteSpaceUrl(site, section, siteSpace, origin),
    /** Where content opens in the app: a space's main content, one of its change requests (by number), or one revision. */
    contentApp: (space: { id: string; organizationId: string }, place: { kind: "main" } | { kind: "change-request"; number: number } | { kind: "revision"; revisionId: string }) =>
      appUrl(origin, `/o/${space.organizationId}/s/${space.id}${place.kind === "main" ? "" : place.kind === "change-request" ? `/change-requests/${place.number}` : `/revisions/${place.revisionId}`}`),
    /** A user's `urls.location`. */
    user: (user: { id: string }) => apiUrl(origin, `/users/${user.id}`),
    /** An audit event's `urls.location`. */
    auditEvent: (event: { id: string; organizationId: string }) => apiUrl(origin, `/orgs/${event.organizationId}/audit-events/${event.id}`),
    /** An integration's URLs: in the API, in its owner's app, its images' folder and its public endpoint (`/api/integrations/{name}`). */
    integration: (integration: { name: string; organizationId: string }) => ({
      location: apiUrl(origin, `/integrations/${integration.name}`),
      app: appUrl(origin, `/o/${integration.organizationId}/integrations/${integration.name}`),
      assets: `${origin}/api/integrations/${integration.name}/assets`,
      publicEndpoint: `${origin}/api/integrations/${integration.name}`,
    }),
    /** An installation's URLs: in the API, its organization's page of the integration, and its public endpoint. */
    installation: (integrationName: string, installation: { id: string; organizationId: string }) => ({
      location: apiUrl(origin, installationPath(integrationName, installation.id)),
      app: appUrl(origin, `/o/${installation.organizationId}/integrations/${integrationName}`),
      publicEndpoint: `${origin}/api${installationPath(integrationName, installation.id)}`,
    }),
    /** An installation on one space or site: its URL in the API, and the installation's public endpoint. */
    contentInstallation: (integrationName: string, installationId: string, kind: "space" | "site", targetId: string) => ({
      location: apiUrl(origin, `${installationPath(integrationName, installationId)}/${kind}s/${targetId}`),
      publicEndpoint: `${origin}/api${installationPath(integrationName, installationId)}`,
    }),
    /** A change request's `urls.location` and `urls.app` (the app names it by its number). */
    changeRequest: (changeRequest: { id: string; number: number }, space: { id: string; organizationId: string }) => ({
      location: apiUrl(origin, `/spaces/${space.id}/change-requests/${changeRequest.id}`),
      app: appUrl(origin, `/o/${space.organizationId}/s/${space.id}/change-requests/${changeRequest.number}`),
    }),
    /** A page of a change request's content. */
    changeRequestPage: (changeRequest: { id: string; spaceId: string }, pageId: string) => apiUrl(origin, `/spaces/${changeRequest.spaceId}/change-requests/${changeRequest.id}/content/page/${pageId}`),
    /** A comment, of a space's own (`changeRequestId` null) or of a change request. */
    comment: (comment: CommentPlace) => apiUrl(origin, commentPath(comment)),
    /** A reply to a comment. */
    commentReply: (comment: CommentPlace, replyId: string) => apiUrl(origin, `${commentPath(comment)}/replies/${replyId}`),
    /** A review of a change request. */
    review: (review: { id: string; changeRequestId: string }, spaceId: string) => apiUrl(origin, `/spaces/${spaceId}/change-requests/${review.changeRequestId}/reviews/${review.id}`),
    /** An organization's `urls.location` and `urls.app`. */
    organization: (organization: { id: string }) => ({
      location: apiUrl(origin, `/orgs/${organization.id}`),
      app: appUrl(origin, `/o/${organization.id}`),
    }),
    /** A file uploaded to an organization (its logo), served by Quire (server/organizations/organization-files.ts). */
    organizationFile,
    /** The organization file a URL names, when it is one of this origin's (`organizationFile`'s inverse); otherwise null. */
    organizationFileOf: (url: string): OrganizationFileRef | null => {
      const parsed = URL.parse(url);
      const match = parsed && parsed.origin === URL.parse(origin)?.origin ? ORGANIZATION_FILE_PATH.exec(parsed.pathname) : null;
      return match ? { organizationId: match[1]!, uploadId: match[2]! } : null;
    },
    /** The organization's logo: its uploaded file, served by Quire, or the URL it was given. */
    organizationLogo: (organization: { id: string; logoURL: string | null; logoUploadId: string | null }): string | null =>
      organization.logoUploadId ? organizationFile(organization.id, organization.logoUploadId) : organization.logoURL,
    /** An invite link's `urls.location`. */
    linkInvite: (invite: { id: string; organizationId: string }) => apiUrl(origin, `/orgs/${invite.organizationId}/link-invites/${invite.id}`),
    /** The invite page of an invite's secret token (server/invites/tokens.ts): the link people join with. */
    invite: (token: string) => appUrl(origin, `/invite/${token}`),
    /** The page a mailed password reset's secret token opens (server/members/password-reset-tokens.ts). */
    passwordReset: (token: string) => appUrl(origin, `/reset-password/${token}`),
  };
}

/**
 * The URLs an organization event's payload shows wherever it is shown — sent to a subscriber, in the
 * feed, in an integration's log — on the configured public origin: no request is at hand when it is
 * sent, and one event reads the same to every reader (server/presenters/organization-event.ts).
 */
export function eventUrls(): Urls {
  return urlsFor(backgroundPublicOrigin());
}
