import type { Actor } from "./auth/actor";
import { pageActor } from "./auth/request-actor";
import { requestPublicOrigin } from "./http/public-origin";

/** What every service function receives: who acts, and the origin for the URLs it returns. */
export type ServiceContext = { actor: Actor; baseUrl: string };

/*
 * Every context comes from one of the three factories below, for a request, a server-rendered page
 * or a background job (scripts act as jobs do): none is written by hand.
 */

/**
 * A request's: the actor it proved (server/auth/request-actor.ts, or the holder of a link it
 * carries: `linkHolder`), with URLs on the origin it came by — given as the request, or as that
 * origin when a route handed it to the service ("" when the service answers no URL).
 */
export function requestContext(actor: Actor, origin: Request | string): ServiceContext {
  return { actor, baseUrl: typeof origin === "string" ? origin : requestPublicOrigin(origin) };
}

/**
 * A server-rendered page's: its signed-in caller (null when signed out). No origin: the services a
 * page calls answer records, and its screens' answers come through the tRPC procedures
 * (server/trpc/server.tsx), which present them on the request's origin.
 */
export async function pageContext(): Promise<ServiceContext | null> {
  const actor = await pageActor();
  return actor ? { actor, baseUrl: "" } : null;
}

/**
 * A background job's, or a script's: Quire acting for a user (`system`), or as the actor the job
 * resolved (`jobActorFor`). No origin: jobs keep ids, and what they send (mail) is on the configured
 * public origin (`backgroundPublicOrigin`).
 */
export function jobContext(actingFor: string | Actor): ServiceContext {
  return { actor: typeof actingFor === "string" ? { userId: actingFor, via: "system" } : actingFor, baseUrl: "" };
}
