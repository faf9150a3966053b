import type { ServiceContext } from "../../context";
import { db } from "../../db/client";
import { notFound } from "../../errors";
import { resolveSiteReader } from "../published/reader";
import { destinationPlace } from "./destinations";
import type { RedirectDestination } from "./schemas";
import { candidateSources } from "./source-path";

/**
 * getSiteRedirectBySource: the redirect a visited path meets — its own source, else the longest
 * `*` prefix matching it — and the place it leads to, with the visited path's part the `*` matched
 * when the redirect captures it (appended to the destination's URL: server/presenters/redirect.ts).
 */
export async function getRedirectBySource(ctx: ServiceContext, organizationId: string, siteId: string, source: string, shareKey: string | undefined) {
  const reader = await resolveSiteReader(db(), ctx.actor, organizationId, siteId, shareKey);
  const candidates = candidateSources(source);
  const found = await db().siteRedirect.findMany({ where: { siteId, source: { in: candidates } } });
  const redirect = candidates.map((candidate) => found.find((row) => row.source === candidate)).find((row) => row !== undefined);
  if (!redirect) throw notFound(`No redirect of this site matches ${source}.`);
  const destination = await destinationPlace(db(), reader.site, redirect.destination as RedirectDestination);
  if (destination === null) throw notFound(`The redirect for ${source} leads to something no longer in this site.`);
  const suffix = redirect.captureWildcard && redirect.source.endsWith("*") ? source.slice(redirect.source.length - 1) : "";
  return { redirect, destination, suffix };
}
