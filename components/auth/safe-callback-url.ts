/**
 * Where to go after signing in: the callback URL when it points into this app, else "/".
 * Accepting only same-origin targets keeps the sign-in page from being an open redirect.
 */
export function safeCallbackUrl(callbackUrl: string | undefined, origin: string): string {
  if (!callbackUrl) return "/";
  try {
    const target = new URL(callbackUrl, origin);
    if (target.origin !== origin || target.pathname.startsWith("/login")) return "/";
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return "/";
  }
}
