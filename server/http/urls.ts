/**
 * The absolute URLs an answer shows, on one request's origin: built at the edge (the /v1 router's
 * operation context and the tRPC context carry one, `urls`), never by a service, so that what a
 * service returns — and what jobs and events keep — holds no origin (docs/records-and-presenters.md).
 */
export type Urls = ReturnType<typeof urlsFor>;

/** Absolute URLs of resources, in the API (`location`) and in the app (`app`). */
export const apiUrl = (origin: string, path: string) => `${origin}/v1${path}`;
export const appUrl = (origin: string, path: string) => `${origin}${path}`;

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
    /** A space's `urls.location` and `urls.app`. */
    space: (space: { id: string; organizationId: string }) => ({
      location: apiUrl(origin, `/spaces/${space.id}`),
      app: appUrl(origin, `/o/${space.organizationId}/s/${space.id}`),
    }),
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
    /** A user's `urls.location`. */
    user: (user: { id: string }) => apiUrl(origin, `/users/${user.id}`),
    /** An invite link's `urls.location`. */
    linkInvite: (invite: { id: string; organizationId: string }) => apiUrl(origin, `/orgs/${invite.organizationId}/link-invites/${invite.id}`),
    /** The invite page of an invite's secret token (server/invites/tokens.ts): the link people join with. */
    invite: (token: string) => appUrl(origin, `/invite/${token}`),
    /** The page a mailed password reset's secret token opens (server/members/password-reset-tokens.ts). */
    passwordReset: (token: string) => appUrl(origin, `/reset-password/${token}`),
  };
}
