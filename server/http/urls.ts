/**
 * The absolute URLs an answer shows, on one request's origin: built at the edge (the /v1 router's
 * operation context and the tRPC context carry one, `urls`), never by a service, so that what a
 * service returns — and what jobs and events keep — holds no origin (docs/records-and-presenters.md).
 */
export type Urls = ReturnType<typeof urlsFor>;

/** Absolute URLs of resources, in the API (`location`) and in the app (`app`). */
export const apiUrl = (origin: string, path: string) => `${origin}/v1${path}`;
export const appUrl = (origin: string, path: string) => `${origin}${path}`;

type CommentPlace = { id: string; spaceId: string; changeRequestId: string | null };
const commentPath = (comment: CommentPlace) =>
  `/spaces/${comment.spaceId}${comment.changeRequestId ? `/change-requests/${comment.changeRequestId}` : ""}/comments/${comment.id}`;

export function urlsFor(origin: string) {
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
  };
}
