import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { carriedIPv4, ipBytes, isPublicAddress, sameAddress } from "../../server/net/ip-ranges";
import { safeFetch } from "../../server/net/safe-fetch";

/** A local server: `/file` answers bytes, `/to?url=` redirects, `/hops/n` redirects n more times, `/big` is large. */
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/file") return res.writeHead(200, { "content-type": "image/png; charset=binary" }).end("hello bytes");
    if (url.pathname === "/to") return res.writeHead(302, { location: url.searchParams.get("url")! }).end();
    const hops = url.pathname.match(/^\/hops\/(\d+)$/);
    if (hops) return res.writeHead(301, { location: Number(hops[1]) > 0 ? `/hops/${Number(hops[1]) - 1}` : "/file" }).end();
    if (url.pathname === "/big") return res.writeHead(200).end(Buffer.alloc(2048));
    if (url.pathname === "/slow") return setTimeout(() => res.writeHead(200).end("late"), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const local = { allowlist: ["127.0.0.1"] };

describe("safe fetch", () => {
  test.each([
    ["http://127.0.0.1/", "loopback"],
    ["http://localhost/", "loopback by name"],
    ["http://2130706433/", "loopback in decimal"],
    ["http://10.0.0.1/", "private"],
    ["http://172.16.5.4/", "private"],
    ["http://192.168.1.1/", "private"],
    ["http://100.64.0.1/", "carrier-grade NAT"],
    ["http://169.254.169.254/latest/meta-data/", "link-local (cloud metadata)"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://[::1]/", "IPv6 loopback"],
    ["http://[fe80::1]/", "IPv6 link-local"],
    ["http://[fd12:3456::1]/", "IPv6 unique-local"],
    ["http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"],
    ["http://[64:ff9b::a00:1]/", "NAT64 of a private address"],
  ])("refuses %s (%s) without connecting", async (url) => {
    await expect(safeFetch(url, { allowlist: [] })).rejects.toThrow(/private or reserved address/);
  });

  test.each([
    ["http://[::ffff:0:7f00:1]/", "IPv4-translated loopback, hex", "127.0.0.1"],
    ["http://[::ffff:0:127.0.0.1]/", "IPv4-translated loopback, dotted", "127.0.0.1"],
    ["http://[::ffff:7f00:1]/", "IPv4-mapped loopback, hex", "127.0.0.1"],
    ["http://[0:0:0:0:0:ffff:7f00:1]/", "IPv4-mapped loopback, uncompressed", "127.0.0.1"],
    ["http://[::ffff:a9fe:a9fe]/", "IPv4-mapped cloud metadata", "169.254.169.254"],
    ["http://[::127.0.0.1]/", "IPv4-compatible loopback", "127.0.0.1"],
    ["http://[::a00:1]/", "IPv4-compatible private", "10.0.0.1"],
    ["http://[64:ff9b::7f00:1]/", "NAT64 of loopback", "127.0.0.1"],
    ["http://[64:ff9b::c0a8:101]/", "NAT64 of a private address", "192.168.1.1"],
    ["http://[2002:7f00:1::1]/", "6to4 of loopback", "127.0.0.1"],
    ["http://[2002:808:808::1]/", "6to4, even of a public address (a relay)", "8.8.8.8"],
    ["http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "Teredo of loopback (inverted)", "127.0.0.1"],
  ])("refuses %s (%s), naming the IPv4 address it carries", async (url, _label, carried) => {
    await expect(safeFetch(url, { allowlist: [] })).rejects.toThrow(new RegExp(`carrying ${carried.replace(/\./g, "\\.")}\\) is a private or reserved address`));
  });

  test.each([
    ["http://0x7f.1/", "hex and short"],
    ["http://017700000001/", "octal"],
    ["http://0177.0.0.1/", "octal first byte"],
    ["http://127.1/", "short"],
    ["http://0x7f000001/", "one hex number"],
    ["http://%31%32%37.0.0.1/", "escaped digits"],
    ["http://[::]/", "IPv6 unspecified"],
    ["http://[ff02::1]/", "IPv6 multicast"],
    ["http://[fec0::1]/", "IPv6 site-local"],
    ["http://[100::1]/", "IPv6 discard"],
  ])("refuses %s (%s): URL parsing normalises it to a refused address", async (url) => {
    await expect(safeFetch(url, { allowlist: [] })).rejects.toThrow(/private or reserved address/);
  });

  test("classifies public addresses as public", () => {
    const publicOnes = ["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "::ffff:808:808", "::ffff:0:808:808", "64:ff9b::808:808", "::808:808"];
    for (const address of publicOnes) expect(isPublicAddress(address), address).toBe(true);
    const refused = ["172.31.255.255", "192.0.2.1", "224.0.0.1", "255.255.255.255", "2001:db8::1", "ff02::1", "::", "::1", "fe80::1%eth0", "fd00::1", "2002:808:808::", "2001::1"];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  test("names the IPv4 address an IPv6 form carries, in each form", () => {
    const carried = (address: string) => {
      const found = carriedIPv4(ipBytes(address)!);
      return found && `${found.form} ${found.address.join(".")}`;
    };
    expect(carried("::ffff:7f00:1")).toBe("mapped 127.0.0.1");
    expect(carried("::ffff:0:7f00:1")).toBe("translated 127.0.0.1");
    expect(carried("::7f00:1")).toBe("compatible 127.0.0.1");
    expect(carried("64:ff9b::7f00:1")).toBe("nat64 127.0.0.1");
    expect(carried("2002:7f00:1::")).toBe("6to4 127.0.0.1");
    expect(carried("2001:0:4136:e378:8000:63bf:80ff:fffe")).toBe("teredo 127.0.0.1");
    expect(carried("::1")).toBeNull();
    expect(carried("2606:4700::1111")).toBeNull();
  });

  test("an allowlisted IP covers its IPv6 spellings", () => {
    for (const spelling of ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:0:7f00:1", "64:ff9b::7f00:1"]) expect(sameAddress("127.0.0.1", spelling), spelling).toBe(true);
    expect(sameAddress("::1", "0:0:0:0:0:0:0:1")).toBe(true);
    // A relay form does not reach the address it carries: it is not that address.
    expect(sameAddress("127.0.0.1", "2002:7f00:1::")).toBe(false);
    expect(sameAddress("127.0.0.1", "127.0.0.2")).toBe(false);
  });

  test("refuses other schemes and URLs with credentials", async () => {
    await expect(safeFetch("file:///etc/passwd")).rejects.toThrow(/file: URLs are not fetched/);
    await expect(safeFetch("ftp://example.com/x")).rejects.toThrow(/ftp: URLs are not fetched/);
    await expect(safeFetch(`http://user:secret@127.0.0.1/`, local)).rejects.toThrow(/credentials/);
    await expect(safeFetch("not a url")).rejects.toThrow(/not a valid URL/);
  });

  test("fetches from an allowlisted IP, and from the allowlist setting", async () => {
    const fetched = await safeFetch(`${origin}/file`, local);
    expect(fetched).toMatchObject({ status: 200, contentType: "image/png" });
    expect(fetched.bytes.toString()).toBe("hello bytes");

    const saved = process.env.QUIRE_FETCH_ALLOWLIST;
    try {
      process.env.QUIRE_FETCH_ALLOWLIST = "intranet.example, 127.0.0.1";
      expect((await safeFetch(`${origin}/file`)).bytes.toString()).toBe("hello bytes");
      process.env.QUIRE_FETCH_ALLOWLIST = "";
      await expect(safeFetch(`${origin}/file`)).rejects.toThrow(/private or reserved/);
    } finally {
      if (saved === undefined) delete process.env.QUIRE_FETCH_ALLOWLIST;
      else process.env.QUIRE_FETCH_ALLOWLIST = saved;
    }
  });

  test("an allowlisted IP is reached through an IPv6 spelling of it", async () => {
    const port = new URL(origin).port;
    expect((await safeFetch(`http://[::ffff:7f00:1]:${port}/file`, local)).bytes.toString()).toBe("hello bytes");
    await expect(safeFetch(`http://[::ffff:7f00:1]:${port}/file`, { allowlist: [] })).rejects.toThrow(/carrying 127\.0\.0\.1/);
  });

  test("an allowlisted host name is exempt from the address check", async () => {
    const port = new URL(origin).port;
    await expect(safeFetch(`http://localhost:${port}/file`, { allowlist: [] })).rejects.toThrow(/localhost \(.+\) is a private or reserved address/);
    // localhost may resolve to ::1 as well, where nothing listens: the connection tries each checked address.
    expect((await safeFetch(`http://localhost:${port}/file`, { allowlist: ["localhost"] })).bytes.toString()).toBe("hello bytes");
  });

  test("checks every redirect: a redirect to a private address is refused", async () => {
    await expect(safeFetch(`${origin}/to?url=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`, local)).rejects.toThrow(
      /169\.254\.169\.254 is a private or reserved address/,
    );
    await expect(safeFetch(`${origin}/to?url=${encodeURIComponent("http://[::1]:9/")}`, local)).rejects.toThrow(/private or reserved/);
    await expect(safeFetch(`${origin}/to?url=${encodeURIComponent("file:///etc/passwd")}`, local)).rejects.toThrow(/file: URLs/);
  });

  test("follows at most 5 redirects", async () => {
    expect((await safeFetch(`${origin}/hops/4`, local)).bytes.toString()).toBe("hello bytes");
    await expect(safeFetch(`${origin}/hops/5`, local)).rejects.toThrow(/more than 5 redirects/);
  });

  test("limits size and time, and reports error statuses", async () => {
    await expect(safeFetch(`${origin}/big`, { ...local, maxBytes: 1024 })).rejects.toThrow(/larger than 1024 bytes/);
    expect((await safeFetch(`${origin}/big`, { ...local, maxBytes: 4096 })).bytes.length).toBe(2048);
    await expect(safeFetch(`${origin}/slow`, { ...local, timeoutMs: 200 })).rejects.toThrow(/no complete answer within/);
    await expect(safeFetch(`${origin}/missing`, local)).rejects.toThrow(/answered 404/);
  });
});
