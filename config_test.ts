import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "./config.ts";

Deno.test("[config] defaults give an embedded database on port 8000", () => {
  const c = loadConfig({});
  assert.equal(c.port, 8000);
  assert.equal(c.databaseUrl, undefined);
  assert.equal(c.pgliteDir, "./data/pglite");
  assert.equal(c.siteUrl, "http://localhost:8000");
  assert.equal(c.stripe, null);
  assert.equal(c.shop.freeShippingThresholdCents, 150000);
});

Deno.test("[config] an invalid value names the variable in one line", () => {
  assert.throws(() => loadConfig({ PORT: "eighty" }), (e: Error) => e instanceof ConfigError && /PORT/.test(e.message));
  assert.throws(
    () => loadConfig({ DATABASE_URL: "mysql://x" }),
    (e: Error) => e instanceof ConfigError && /DATABASE_URL: must start with postgres:\/\//.test(e.message),
  );
  assert.throws(() => loadConfig({ NODE_ENV: "staging" }), (e: Error) => /NODE_ENV/.test(e.message));
});

Deno.test("[config] Stripe switches on only with both keys", () => {
  assert.equal(loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" }).stripe, null);
  assert.ok(loadConfig({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" }).stripe);
});

Deno.test("[config] analytics ids are optional and validated", () => {
  assert.deepEqual(loadConfig({}).shop.analytics, { gaMeasurementId: undefined, metaPixelId: undefined });
  const c = loadConfig({ GA_MEASUREMENT_ID: "G-ABC123XYZ", META_PIXEL_ID: "1234567890" });
  assert.deepEqual(c.shop.analytics, { gaMeasurementId: "G-ABC123XYZ", metaPixelId: "1234567890" });
  assert.throws(() => loadConfig({ GA_MEASUREMENT_ID: "UA-1" }), (e: Error) => /GA_MEASUREMENT_ID/.test(e.message));
  assert.throws(() => loadConfig({ META_PIXEL_ID: "pixel" }), (e: Error) => /META_PIXEL_ID/.test(e.message));
});
