/**
 * Who is calling: a signed-in browser user or the owner of an API token. `tokenId` names the
 * API token the call came with, so that what it mints (PDF links) can end with it.
 */
export type Actor = { userId: string; tokenId?: string };
