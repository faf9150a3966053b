import { afterEach, expect, test, vi } from "vitest";
import { requestPublicOrigin } from "../../server/http/public-origin";

afterEach(() => vi.unstubAllEnvs());

const request = (headers: Record<string, string>) => new Request("http://localhost:3900/api/trpc/x", { headers });

test("URLs follow the host the browser asked for, not the host the server listens on", () => {
  vi.stubEnv("QUIRE_PUBLIC_URL", "");
  vi.stubEnv("NEXTAUTH_URL", "http://localhost:3900");
  expect(requestPublicOrigin(request({ host: "127.0.0.1:3900" }))).toBe("http://127.0.0.1:3900");
  expect(requestPublicOrigin(request({ host: "docs.example.com", "x-forwarded-proto": "https" }))).toBe("https://docs.example.com");
  expect(requestPublicOrigin(request({ host: "[::1]:3900" }))).toBe("http://[::1]:3900");
  // A Host header that is no host name is ignored, and so is a protocol other than http(s).
  expect(requestPublicOrigin(request({ host: "evil.test/path?x" }))).toBe("http://localhost:3900");
  expect(requestPublicOrigin(request({ host: "a.test", "x-forwarded-proto": "javascript" }))).toBe("http://a.test");
});

test("QUIRE_PUBLIC_URL, when set, names the origin whatever the request", () => {
  vi.stubEnv("QUIRE_PUBLIC_URL", "https://quire.example.org/");
  expect(requestPublicOrigin(request({ host: "127.0.0.1:3900" }))).toBe("https://quire.example.org");
});
