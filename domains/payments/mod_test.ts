import assert from "node:assert/strict";
import { loadConfig } from "../../config.ts";
import { isLiveMode, paymentGateway } from "./mod.ts";

const keys = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };

Deno.test("[payments] Stripe with keys; the test provider without, outside production; none in production", () => {
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "production", ...keys }))?.provider, "stripe");
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "development", ...keys }))?.provider, "stripe");
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "development" }))?.provider, "test");
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "test" }))?.provider, "test");
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "production" })), null);
  // Half the keys is no keys.
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_test_x" })), null);
});

Deno.test("[payments] test payments in production only by TEST_PAYMENTS=true (the demo shop's start task); keys still win", () => {
  const demo = { NODE_ENV: "production", SEED_DEMO: "true" };
  assert.equal(paymentGateway(loadConfig({ ...demo, TEST_PAYMENTS: "true" }))?.provider, "test");
  // Demo data alone (SEED_DEMO defaults to true) never switches test payments on in production.
  assert.equal(paymentGateway(loadConfig(demo)), null);
  assert.equal(paymentGateway(loadConfig({ ...demo, TEST_PAYMENTS: "false" })), null);
  assert.equal(paymentGateway(loadConfig({ NODE_ENV: "development", TEST_PAYMENTS: "false" })), null);
  assert.equal(paymentGateway(loadConfig({ ...demo, TEST_PAYMENTS: "true", ...keys }))?.provider, "stripe");
});

Deno.test("[payments] each call makes a new test provider (the app keeps one)", () => {
  const config = loadConfig({ NODE_ENV: "test" });
  assert.notEqual(paymentGateway(config), paymentGateway(config));
});

Deno.test("[payments] live keys are recognised (the public test page refuses them)", () => {
  assert.equal(isLiveMode(loadConfig(keys)), false);
  assert.equal(isLiveMode(loadConfig({ ...keys, STRIPE_SECRET_KEY: "sk_live_x" })), true);
  assert.equal(isLiveMode(loadConfig({ ...keys, STRIPE_SECRET_KEY: "rk_live_x" })), true);
  assert.equal(isLiveMode(loadConfig({})), false);
});

Deno.test("[payments] STRIPE_API_BASE must be an http(s) URL", () => {
  assert.equal(
    loadConfig({ ...keys, STRIPE_API_BASE: "http://127.0.0.1:12111" }).stripe?.apiBase,
    "http://127.0.0.1:12111",
  );
  assert.throws(() => loadConfig({ ...keys, STRIPE_API_BASE: "not a url" }), /STRIPE_API_BASE/);
});
