/** Who is calling: a signed-in browser user or the owner of an API token. */
export type Actor = { userId: string };
