import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isPublicAddress } from "../../server/net/ip-ranges";
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

  test("classifies public addresses as public", () => {
    expect(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"].every(isPublicAddress)).toBe(true);
    expect(["172.31.255.255", "192.0.2.1", "224.0.0.1", "255.255.255.255", "2001:db8::1", "ff02::1"].some(isPublicAddress)).toBe(false);
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
