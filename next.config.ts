import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and database packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["@node-rs/argon2", "pg-boss", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
