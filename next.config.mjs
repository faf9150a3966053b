// JavaScript, not TypeScript: the production server loads this file at every start, and a
// next.config.ts loads Next's SWC compiler to read it (31 MB of the server's memory for as long as it runs).
/** @type {import("next").NextConfig} */
const nextConfig = {
  // Native and database packages are loaded by Node at run time, not bundled.
  // playwright-core drives the Chromium that prints PDFs (server/pdf/browser.ts).
  serverExternalPackages: ["@node-rs/argon2", "pg-boss", "pg", "@prisma/adapter-pg", "playwright-core"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole project with tsc before it builds: once is enough.
  typescript: { ignoreBuildErrors: process.env.QUIRE_TYPECHECKED === "1" },
};

export default nextConfig;
