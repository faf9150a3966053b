import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { fieldError } from "../errors";
import { isPublicAddress, sameAddress } from "./ip-ranges";
import { fetchAllowlist } from "./safe-fetch";

/** How long saving waits for the host's name to resolve before leaving the check to delivery time. */
const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * Why Quire would refuse to deliver to `text` today, or null: the host is `localhost`, or it is (or
 * resolves to) a private or reserved address that `QUIRE_FETCH_ALLOWLIST` does not name. Asked when
 * a destination is saved (a webhook's URL, an integration's endpoint or tunnel) so the person saving
 * it hears the reason at once rather than from a delivery stuck at "Pending"; deliveries check again
 * (server/net/safe-fetch.ts), since what a name resolves to can change. A name that does not resolve
 * now is no refusal here: it may resolve later, and delivery will say if it does not.
 */
export async function destinationProblem(text: string, allowlist: string[] = fetchAllowlist()): Promise<string | null> {
  if (!URL.canParse(text)) return null; // the field's own schema refuses it
  const host = new URL(text).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (allowlist.includes(host)) return null;
  const allowed = (address: string) => isPublicAddress(address) || allowlist.some((entry) => sameAddress(entry, address));
  if (isIP(host)) return allowed(host) ? null : `${host} is a private or reserved address; Quire delivers only to public addresses unless QUIRE_FETCH_ALLOWLIST names it`;
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is this server itself; Quire delivers only to public addresses unless QUIRE_FETCH_ALLOWLIST names it`;
  const addresses = await resolved(host);
  const refused = addresses.find(({ address }) => !allowed(address));
  return refused ? `${host} resolves to ${refused.address}, a private or reserved address; Quire delivers only to public addresses unless QUIRE_FETCH_ALLOWLIST names it` : null;
}

async function resolved(host: string): Promise<{ address: string }[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), LOOKUP_TIMEOUT_MS)));
  try {
    return await Promise.race([dnsLookup(host, { all: true, verbatim: true }).catch(() => []), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Throws a 400 naming `field` when `url` is a destination Quire would refuse (destinationProblem):
 * `details` holds `{ fields: { [field]: message }, reason: "private_address", problem }` for
 * forms and clients that act on it.
 */
export async function assertPublicDestination(field: string, url: string | null | undefined): Promise<void> {
  if (!url) return;
  const problem = await destinationProblem(url);
  if (problem) throw fieldError(field, `${problem}.`, { details: { reason: "private_address", problem } });
}
