import type { Actor } from "./auth/actor";

/** What every service function receives: who acts, and the origin for the URLs it returns. */
export type ServiceContext = { actor: Actor; baseUrl: string };
