import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/mod.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
