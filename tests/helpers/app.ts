/** Builds the app in-process for HTTP tests, with a test config and the test database. */
import { createApp } from "../../app.ts";
import { type Config, loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { AssetManifest } from "../../lib/assets.ts";
import { type FileStorage, memoryStorage } from "../../lib/storage.ts";

export const TEST_ORIGIN = "http://localhost:8000";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_REQUESTS: "false", SITE_URL: TEST_ORIGIN, ...env });
}

/** A manifest naming every island, so pages render their script tags without a build. */
export function testAssets(): AssetManifest {
  const islands: Record<string, string> = {};
  for (const f of Deno.readDirSync(new URL("../../islands/", import.meta.url))) {
    const name = f.name.replace(/\.tsx$/, "");
    islands[name] = `/static/build/island-${name}-TEST.js`;
  }
  return { css: "/static/build/app-TEST.css", boot: "/static/build/boot-TEST.js", islands, imports: {} };
}

export function testApp(database: Database, env: Record<string, string> = {}, storage: FileStorage = memoryStorage()) {
  return createApp({ database, config: testConfig(env), assets: testAssets(), storage });
}
