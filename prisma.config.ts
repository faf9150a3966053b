import { defineConfig } from "prisma/config";

// The CLI is used offline for `prisma generate` only; migrations are applied by
// server/db/migrate.ts (see README), so no datasource URL is needed here.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
