import type { Actor } from "./auth/actor";
import { pageActor } from "./auth/request-actor";

/**
 * What every service function receives: who acts. No origin: services return records, and the edge
 * (server/api/operations, server/trpc/routers) makes their URLs with the request's `Urls`
 * (server/http/urls.ts; docs/records-and-presenters.md).
 */
export type ServiceContext = { actor: Actor };

/*
 * Every context comes from one of the three factories below, for a request, a server-rendered page
 * or a background job (scripts act as jobs do): none is written by hand.
 */

/**
 * A request's: the actor it proved (server/auth/request-actor.ts, or the holder of a link it
 * carries: `linkHolder`).
 */
export function requestContext(actor: Actor): ServiceContext {
  return { actor };
}

/**
 * A server-rendered page's: its signed-in caller (null when signed out). The services a page calls
 * answer records, and its screens' answers come through the tRPC procedures (server/trpc/server.tsx),
 * which present them on the request's origin.
 */
export async function pageContext(): Promise<ServiceContext | null> {
  const actor = await pageActor();
  return actor ? { actor } : null;
}

/**
 * A background job's, or a script's: Quire acting for a user (`system`), or as the actor the job
 * resolved (`jobActorFor`). Jobs keep ids, and what they send (mail) is on the configured public
 * origin (`backgroundPublicOrigin`).
 */
export function jobContext(actingFor: string | Actor): ServiceContext {
  return { actor: typeof actingFor === "string" ? { userId: actingFor, via: "system" } : actingFor };
}
