import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { carriedIPv4, ipBytes, isPublicAddress, sameAddress } from "./ip-ranges";

/**
 * Fetches a URL given by a caller without letting it reach the server's own network: every
 * address the host resolves to must be public (see ip-ranges.ts), the connection goes to the
 * address that was checked (so DNS cannot answer differently in between), and each redirect is
 * checked the same way. Hosts and IPs in `QUIRE_FETCH_ALLOWLIST` (comma-separated) are exempt,
 * for intranet sources an administrator trusts.
 */

export type SafeFetchOptions = {
  maxBytes?: number;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Hosts or IPs exempt from the address check; defaults to `QUIRE_FETCH_ALLOWLIST`. */
  allowlist?: string[];
};

export type SafeFetchResult = { url: string; status: number; contentType: string | null; bytes: Buffer };

/** A refusal or failure, worded for the caller who gave the URL. */
export class SafeFetchError extends Error {
  override name = "SafeFetchError";
}

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function fetchAllowlist(): string[] {
  return (process.env.QUIRE_FETCH_ALLOWLIST ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase().replace(/^\[|\]$/g, ""))
    .filter(Boolean);
}

export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowlist = options.allowlist ?? fetchAllowlist();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = parseUrl(input);
    for (let redirects = 0; ; redirects++) {
      const addresses = await checkedAddresses(url, allowlist);
      const response = await send(url, addresses, controller.signal, { method: "GET", headers: { "user-agent": "Quire (file import)", accept: "*/*" } });
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (redirects >= maxRedirects) throw new SafeFetchError(`more than ${maxRedirects} redirects`);
        url = parseUrl(location, url);
        continue;
      }
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        response.resume();
        throw new SafeFetchError(`the server answered ${status}`);
      }
      const bytes = await readBody(response, maxBytes);
      const contentType = response.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() || null;
      return { url: url.href, status, contentType, bytes };
    }
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError(`no complete answer within ${timeoutMs / 1000} s`);
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError(`could not be fetched (${(error as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new SafeFetchError(base ? `redirects to an invalid URL` : `not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SafeFetchError(`${url.protocol} URLs are not fetched; use http or https`);
  if (url.username || url.password) throw new SafeFetchError("URLs with credentials are not fetched");
  return url;
}

/** The addresses to connect to, once every address the host resolves to has passed the check. */
async function checkedAddresses(url: URL, allowlist: string[]): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const hostAllowed = allowlist.includes(host);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new SafeFetchError(`the host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new SafeFetchError(`the host ${host} could not be resolved`);
  }
  if (!hostAllowed) {
    for (const { address } of addresses) {
      const allowed = isPublicAddress(address) || allowlist.some((entry) => sameAddress(entry, address));
      if (!allowed) {
        throw new SafeFetchError(`${describeAddress(host, address)} is a private or reserved address; only public addresses are fetched`);
      }
    }
  }
  return addresses;
}

/** `localhost (::1)`, `::ffff:0:7f00:1 (carrying 127.0.0.1)`: what the address check refused. */
function describeAddress(host: string, address: string): string {
  const carried = carriedIPv4(ipBytes(address) ?? []);
  const notes = [...(host === address ? [] : [address]), ...(carried ? [`carrying ${carried.address.join(".")}`] : [])];
  return notes.length ? `${host} (${notes.join(", ")})` : host;
}

export type SafePostOptions = { body: string; headers: Record<string, string>; timeoutMs: number; maxBytes: number; allowlist?: string[] };

/**
 * POSTs to a URL given by a caller (an event delivery) under the same address rules as safeFetch.
 * Redirects are not followed (the answer is the receiver's); the response body is read up to
 * `maxBytes` and discarded. Resolves with the status of any complete answer, 2xx or not.
 */
export async function safePost(input: string, options: SafePostOptions): Promise<{ status: number }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const url = parseUrl(input);
    const addresses = await checkedAddresses(url, options.allowlist ?? fetchAllowlist());
    const headers = { "user-agent": "Quire (event delivery)", "content-length": String(Buffer.byteLength(options.body)), ...options.headers };
    const response = await send(url, addresses, controller.signal, { method: "POST", headers, body: options.body });
    await discardBody(response, options.maxBytes);
    return { status: response.statusCode ?? 0 };
  } catch (error) {
    if (controller.signal.aborted) throw new SafeFetchError(`no complete answer within ${options.timeoutMs / 1000} s`);
    if (error instanceof SafeFetchError) throw error;
    throw new SafeFetchError(`could not be reached (${(error as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
}

type SendInit = { method: "GET" | "POST"; headers: Record<string, string>; body?: string };

function send(url: URL, pinned: { address: string; family: number }[], signal: AbortSignal, init: SendInit): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Name resolution is answered with the checked addresses: a second lookup could answer otherwise.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, pinned);
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  };
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers: init.headers,
        lookup,
        // A connection of its own: never a pooled socket opened for another request.
        agent: false,
        signal,
        ...(url.protocol === "https:" && !isIP(host) ? { servername: host } : {}),
      },
      resolve,
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Reads an answer nobody needs up to `maxBytes` (so the exchange completes), then drops the connection. */
async function discardBody(response: IncomingMessage, maxBytes: number): Promise<void> {
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      return;
    }
  }
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError(`larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new SafeFetchError(`larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
