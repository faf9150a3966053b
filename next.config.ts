import type { NextConfig } from "next";

// `next build` and `next dev` read this file; the production server takes the config the build
// resolved from .next/ (scripts/serve.ts), so that it does not load Next's SWC compiler to read it.
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
