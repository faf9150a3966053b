import type { Urls } from "../http/urls";
import type { DestinationPlace } from "../sites/redirects/destinations";
import type { getRedirectBySource } from "../sites/redirects/get-redirect-by-source";
import { presentRedirect } from "../sites/redirects/redirect-records";

/** The URL a redirect's destination leads to (server/sites/redirects/destinations.ts). */
export function destinationUrl(place: DestinationPlace, urls: Urls): string {
  if (place.kind === "external") return place.url;
  if (place.kind === "site-section") return urls.siteSection(place.site, place.section);
  const spaceUrl = urls.siteSpace(place.site, place.section, place.siteSpace);
  return place.pagePath === undefined ? spaceUrl : `${spaceUrl}/${place.pagePath}`;
}

/** getSiteRedirectBySource's answer: the redirect met and its target, the captured suffix appended. */
export function presentRedirectMatch(match: Awaited<ReturnType<typeof getRedirectBySource>>, urls: Urls) {
  const url = destinationUrl(match.destination, urls);
  return { redirect: presentRedirect(match.redirect), target: match.suffix ? `${url.replace(/\/$/, "")}/${match.suffix.replace(/^\//, "")}` : url };
}
