import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema and committed; the server applies them at start-up
// on both engines (PGlite and a PostgreSQL server).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/platform/db/schema/index.ts",
  out: "./server/platform/db/migrations",
});
