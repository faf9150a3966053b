import { isIP } from "node:net";

/**
 * Whether an IP address is one the server must not fetch from on a caller's behalf: loopback,
 * private, carrier-grade NAT, link-local (cloud metadata), unique-local, multicast, documentation
 * and other reserved ranges, including IPv4 addresses carried inside IPv6 ones.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = ipBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return !BLOCKED_V4.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses reach the IPv4 address they carry.
  if (inPrefix(bytes, MAPPED_V4, 96) || inPrefix(bytes, NAT64, 96)) return isPublicAddress(bytes.slice(12).join("."));
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

/** Two addresses are the same whatever their spelling (`::1` and `0:0:0:0:0:0:0:1`). */
export function sameAddress(a: string, b: string): boolean {
  const left = ipBytes(a);
  const right = ipBytes(b);
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
  v4("0.0.0.0", 8), // "this network"
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

const MAPPED_V4 = ipBytes("::ffff:0:0")!;
const NAT64 = ipBytes("64:ff9b::")!;

const BLOCKED_V6: Prefix[] = [
  v6("::", 96), // unspecified, loopback, IPv4-compatible
  v6("64:ff9b:1::", 48), // local-use NAT64
  v6("100::", 64), // discard
  v6("2001::", 23), // IETF protocol assignments (Teredo among them)
  v6("2001:db8::", 32), // documentation
  v6("2002::", 16), // 6to4, which can carry any IPv4 address
  v6("fc00::", 7), // unique-local
  v6("fe80::", 10), // link-local
  v6("fec0::", 10), // site-local (deprecated)
  v6("ff00::", 8), // multicast
];
