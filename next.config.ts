import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and database packages are loaded by Node at run time, not bundled.
  // playwright-core drives the Chromium that prints PDFs (server/pdf/browser.ts).
  serverExternalPackages: ["@node-rs/argon2", "pg-boss", "pg", "@prisma/adapter-pg", "playwright-core"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole project with tsc before it builds: once is enough.
  typescript: { ignoreBuildErrors: process.env.QUIRE_TYPECHECKED === "1" },
};

export default nextConfig;
