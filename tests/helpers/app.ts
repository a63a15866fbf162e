/** Builds the app in-process for HTTP tests, with a test config and the test database. */
import assert from "node:assert/strict";
import { createApp } from "../../app.ts";
import { type Config, loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { AssetManifest } from "../../lib/assets.ts";
import { type FileStorage, memoryStorage } from "../../lib/storage.ts";
import type { AppDeps } from "../../routes/context.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { readReferences } from "./html.ts";

export const TEST_ORIGIN = "http://localhost:8000";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", LOG_REQUESTS: "false", SITE_URL: TEST_ORIGIN, ...env });
}

/** The shop and its address, as the flows that write to customers take them (`{ shop, siteUrl }`). */
export function testSite(config: Config = testConfig()) {
  return { shop: config.shop, siteUrl: config.siteUrl };
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

/** The connection an in-process request seems to come from: this machine, as a local proxy's would. */
export const TEST_PEER: Deno.ServeHandlerInfo<Deno.NetAddr> = {
  remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 40000 },
  completed: Promise.resolve(),
};

/**
 * The app, whose `request()` hands each request the connection info Deno.serve would (TEST_PEER unless
 * a test passes its own), so the client address is worked out as on a real server.
 */
export function testApp(
  database: Database,
  env: Record<string, string> = {},
  storage: FileStorage = memoryStorage(),
  extra: Pick<AppDeps, "jobs" | "payments"> = {},
) {
  const app = createApp({ database, config: testConfig(env), assets: testAssets(), storage, ...extra });
  const request = app.request;
  app.request = (input, init, peer, ctx) => request(input, init, peer ?? TEST_PEER, ctx);
  return app;
}

/**
 * GET `path` from `app`: it must answer `status` with a content type matching `type` (each failure
 * names the path); the body as text.
 */
async function getBody(app: ReturnType<typeof testApp>, path: string, status: number, type: RegExp) {
  const res = await app.request(path);
  assert.equal(res.status, status, `${path} -> ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", type);
  return await res.text();
}

/**
 * A page's HTML: GET `path`, which must answer `status` (200 unless told) as text/html; its character
 * references above U+007F read back, as a browser reads them (`readReferences`).
 */
export async function getHtml(app: ReturnType<typeof testApp>, path: string, status = 200): Promise<string> {
  return readReferences(await getBody(app, path, status, /text\/html/));
}

/** An API's JSON: GET `path`, which must answer `status` (200 unless told) as application/json. */
export async function getJson(app: ReturnType<typeof testApp>, path: string, status = 200) {
  return JSON.parse(await getBody(app, path, status, /application\/json/));
}

/**
 * The app with the offline test payment provider, which the test also holds (`gateway`) to pay
 * orders through it as a shopper's card would (tests/helpers/paid_orders.ts).
 */
export function testShop(database: Database, env: Record<string, string> = {}) {
  const gateway = testGateway();
  return { app: testApp(database, env, memoryStorage(), { payments: gateway }), gateway };
}

/** The app with request logging on, its log lines collected in `lines` (createApp's own request, no TEST_PEER). */
export function loggingApp(database: Database, extra: Pick<AppDeps, "storage"> = {}) {
  const lines: string[] = [];
  const app = createApp({
    database,
    config: testConfig({ LOG_REQUESTS: "true" }),
    assets: testAssets(),
    log: (line) => lines.push(line),
    ...extra,
  });
  return { app, lines };
}
