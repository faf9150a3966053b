import { isIP } from "node:net";

/**
 * Whether an IP address is one the server must not fetch from on a caller's behalf: loopback,
 * private, carrier-grade NAT, link-local (cloud metadata), unique-local, multicast, unspecified,
 * documentation and other reserved ranges, in both families.
 *
 * IPv6 addresses that carry an IPv4 address are judged by the IPv4 address they carry, whatever
 * their spelling (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `::ffff:0:7f00:1`, `::7f00:1`,
 * `64:ff9b::7f00:1` all reach 127.0.0.1). The relay forms, 6to4 and Teredo, are refused outright:
 * both are deprecated, and where they lead depends on relays the server cannot see.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = ipBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return !BLOCKED_V4.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
  const carried = carriedIPv4(bytes);
  if (carried?.relayed) return false;
  if (carried) return isPublicAddress(carried.address.join("."));
  return !BLOCKED_V6.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}

/** The 4 or 16 bytes of an IPv4 or IPv6 address (a zone index such as `%eth0` ignored), or null. */
export function ipBytes(address: string): number[] | null {
  const plain = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(plain);
  if (version === 4) return plain.split(".").map(Number);
  if (version !== 6) return null;
  let text = plain.toLowerCase();
  let tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    tail = dotted[1]!.split(".").map(Number);
    text = text.slice(0, -dotted[1]!.length) + "0:0";
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const groupsOf = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = groupsOf(head);
  const right = rest === undefined ? [] : groupsOf(rest);
  const groups = rest === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = groups.flatMap((group) => [group >> 8, group & 0xff]);
  if (dotted) bytes.splice(12, 4, ...tail);
  return bytes;
}

export type CarriedIPv4 = {
  address: number[];
  form: "mapped" | "translated" | "compatible" | "nat64" | "6to4" | "teredo";
  /** Reached through a relay (6to4, Teredo) rather than being the IPv4 address itself. */
  relayed: boolean;
};

/** The IPv4 address an IPv6 address carries, and in which form; null when it carries none. */
export function carriedIPv4(bytes: number[]): CarriedIPv4 | null {
  if (bytes.length !== 16) return null;
  const last = bytes.slice(12);
  if (inPrefix(bytes, MAPPED, 96)) return { address: last, form: "mapped", relayed: false };
  if (inPrefix(bytes, TRANSLATED, 96)) return { address: last, form: "translated", relayed: false };
  if (inPrefix(bytes, NAT64, 96)) return { address: last, form: "nat64", relayed: false };
  // `::` and `::1` are themselves (unspecified, loopback), not IPv4 addresses.
  if (inPrefix(bytes, COMPATIBLE, 96) && !last.slice(0, 3).every((byte) => byte === 0)) return { address: last, form: "compatible", relayed: false };
  if (inPrefix(bytes, SIX_TO_FOUR, 16)) return { address: bytes.slice(2, 6), form: "6to4", relayed: true };
  // Teredo keeps the client's address in the last 32 bits, inverted.
  if (inPrefix(bytes, TEREDO, 32)) return { address: last.map((byte) => byte ^ 0xff), form: "teredo", relayed: true };
  return null;
}

/** An address as compared with the allowlist: the IPv4 address an IPv6 address stands for, else its bytes. */
function canonicalBytes(address: string): number[] | null {
  const bytes = ipBytes(address);
  if (!bytes) return null;
  const carried = carriedIPv4(bytes);
  return carried && !carried.relayed ? carried.address : bytes;
}

/** Two addresses are the same whatever their spelling (`::1` and `0:0:0:0:0:0:0:1`; `127.0.0.1` and `::ffff:7f00:1`). */
export function sameAddress(a: string, b: string): boolean {
  const left = canonicalBytes(a);
  const right = canonicalBytes(b);
  return !!left && !!right && left.length === right.length && left.every((byte, index) => byte === right[index]);
}

type Prefix = [number[], number];

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const mask = 0x80 >> bit % 8;
    if (((bytes[bit >> 3] ?? 0) & mask) !== ((prefix[bit >> 3] ?? 0) & mask)) return false;
  }
  return true;
}

const v4 = (text: string, bits: number): Prefix => [text.split(".").map(Number), bits];
const v6 = (text: string, bits: number): Prefix => [ipBytes(text)!, bits];

const BLOCKED_V4: Prefix[] = [
  v4("0.0.0.0", 8), // "this network", unspecified
  v4("10.0.0.0", 8), // private
  v4("100.64.0.0", 10), // carrier-grade NAT
  v4("127.0.0.0", 8), // loopback
  v4("169.254.0.0", 16), // link-local, cloud metadata services
  v4("172.16.0.0", 12), // private
  v4("192.0.0.0", 24), // IETF protocol assignments
  v4("192.0.2.0", 24), // documentation
  v4("192.88.99.0", 24), // 6to4 relay
  v4("192.168.0.0", 16), // private
  v4("198.18.0.0", 15), // benchmarking
  v4("198.51.100.0", 24), // documentation
  v4("203.0.113.0", 24), // documentation
  v4("224.0.0.0", 4), // multicast
  v4("240.0.0.0", 4), // reserved, broadcast
];

const MAPPED = ipBytes("::ffff:0:0")!; // ::ffff:a.b.c.d
const TRANSLATED = ipBytes("::ffff:0:0:0")!; // ::ffff:0:a.b.c.d (SIIT)
const COMPATIBLE = ipBytes("::")!; // ::a.b.c.d (deprecated)
const NAT64 = ipBytes("64:ff9b::")!; // well-known NAT64 prefix
const SIX_TO_FOUR = ipBytes("2002::")!;
const TEREDO = ipBytes("2001::")!;

const BLOCKED_V6: Prefix[] = [
  v6("::", 127), // unspecified, loopback (the rest of ::/96 carries IPv4 and is judged by it)
  v6("64:ff9b:1::", 48), // local-use NAT64
  v6("100::", 64), // discard
  v6("2001::", 23), // IETF protocol assignments
  v6("2001:db8::", 32), // documentation
  v6("fc00::", 7), // unique-local
  v6("fe80::", 10), // link-local
  v6("fec0::", 10), // site-local (deprecated)
  v6("ff00::", 8), // multicast
];
