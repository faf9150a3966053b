import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and database packages are loaded by Node at run time, not bundled.
  // playwright-core drives the Chromium that prints PDFs (server/pdf/browser.ts).
  serverExternalPackages: ["@node-rs/argon2", "pg-boss", "pg", "@prisma/adapter-pg", "playwright-core"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
