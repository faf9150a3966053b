/**
 * Bounds of comments that the browser shows as one types, kept free of server-only imports so the
 * discussion UI and the review dialog read the same numbers the service enforces.
 */

/** A comment's or reply's markdown is at most this long: a comment is a message, not a page. */
export const MAX_COMMENT_MARKDOWN = 20_000;
