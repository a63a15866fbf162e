import assert from "node:assert/strict";
import { ConfigError, databaseProblem, loadConfig } from "./config.ts";

Deno.test("[config] defaults give an embedded database on port 8000", () => {
  const c = loadConfig({});
  assert.equal(c.port, 8000);
  assert.equal(c.databaseUrl, undefined);
  assert.equal(c.pgliteDir, "./data/pglite");
  assert.equal(c.pgliteSharedBuffers, "16MB");
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
  assert.throws(
    () => loadConfig({ PGLITE_SHARED_BUFFERS: "16MB; drop table users" }),
    (e: Error) => /PGLITE_SHARED_BUFFERS: must be a size such as 16MB/.test(e.message),
  );
  assert.equal(loadConfig({ PGLITE_SHARED_BUFFERS: "64MB" }).pgliteSharedBuffers, "64MB");
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

Deno.test("[config] a negative amount says it must be zero or more, not that it is not a number", () => {
  assert.throws(
    () => loadConfig({ FREE_SHIPPING_THRESHOLD: "-5" }),
    (e: Error) =>
      e instanceof ConfigError && e.message === "Invalid configuration: FREE_SHIPPING_THRESHOLD: must be zero or more",
  );
  assert.throws(
    () => loadConfig({ FREE_SHIPPING_THRESHOLD: "lots" }),
    (e: Error) => /must be a number/.test(e.message),
  );
  assert.equal(loadConfig({ FREE_SHIPPING_THRESHOLD: "0" }).shop.freeShippingThresholdCents, 0);
});

Deno.test("[config] an invalid SMTP_URL is refused at start, a valid one kept", () => {
  for (const bad of ["not a url", "http://mail.example.com", "smtp://", "mail.example.com:587"]) {
    assert.throws(
      () => loadConfig({ SMTP_URL: bad }),
      (e: Error) =>
        e instanceof ConfigError && /^Invalid configuration: SMTP_URL: must be an smtp:\/\//.test(e.message),
      bad,
    );
  }
  const url = "smtps://shop%40example.co.za:s3cret@smtp.example.com:465";
  assert.equal(loadConfig({ SMTP_URL: url }).smtpUrl, url);
  assert.equal(loadConfig({}).smtpUrl, undefined);
});

Deno.test("[config] LOG_LEVEL: info by default, one of debug/info/warn/error", () => {
  assert.equal(loadConfig({}).logLevel, "info");
  assert.equal(loadConfig({ LOG_LEVEL: "warn" }).logLevel, "warn");
  assert.throws(() => loadConfig({ LOG_LEVEL: "loud" }), (e: Error) => /LOG_LEVEL: must be debug/.test(e.message));
});

Deno.test("[config] an unreachable database: one line naming DATABASE_URL and host:port, no password", () => {
  const url = "postgres://shop:hunter2@db.internal:6543/shop";
  const refused = databaseProblem(url, Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
  assert.equal(
    refused,
    "DATABASE_URL: cannot use the database at db.internal:6543/shop: connection refused: is PostgreSQL running and listening there?",
  );
  assert.ok(!refused.includes("hunter2"));
  assert.match(databaseProblem(url, { code: "28P01" }), /password authentication failed$/);
  assert.match(
    databaseProblem("postgres://x@h/db", new Error("boom")),
    /^DATABASE_URL: .* at h:5432\/db: the connection failed$/,
  );
  assert.ok(!databaseProblem(url, new Error("x")).includes("\n"));
});

const STITCH_ENV = {
  STITCH_CLIENT_ID: "test-2f5b3c1e-0000-4000-8000-000000000001",
  STITCH_CLIENT_SECRET: "client-secret",
  STITCH_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  STITCH_BENEFICIARY_NAME: "Reptile Basics",
  STITCH_BENEFICIARY_BANK_ID: "fnb",
  STITCH_BENEFICIARY_ACCOUNT_NUMBER: "62000000001",
};

Deno.test("[config] Stitch switches on only with every credential and the beneficiary", () => {
  assert.equal(loadConfig({}).stitch, null);
  const stitch = loadConfig({ ...STITCH_ENV, STITCH_API_BASE: "http://127.0.0.1:9/" }).stitch!;
  assert.equal(stitch.tokenUrl, "https://secure.stitch.money/connect/token");
  assert.equal(stitch.apiBase, "http://127.0.0.1:9");
  assert.deepEqual(stitch.beneficiary, { name: "Reptile Basics", bankId: "fnb", accountNumber: "62000000001" });
  assert.equal(stitch.refunds, "api");
  assert.equal(loadConfig({ ...STITCH_ENV, STITCH_REFUNDS: "manual" }).stitch!.refunds, "manual");
  // Half a configuration is refused, naming what is missing.
  const { STITCH_WEBHOOK_SECRET: _, ...noSecret } = STITCH_ENV;
  assert.throws(() => loadConfig(noSecret), (e: Error) => {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /STITCH_WEBHOOK_SECRET: must be set together/);
    return true;
  });
  assert.throws(
    () => loadConfig({ ...STITCH_ENV, STITCH_BENEFICIARY_NAME: "A name longer than twenty" }),
    /STITCH_BENEFICIARY_NAME: must be at most 20 characters/,
  );
  assert.throws(() => loadConfig({ ...STITCH_ENV, STITCH_BENEFICIARY_BANK_ID: "First National" }), /BANK_ID/);
  assert.throws(() => loadConfig({ ...STITCH_ENV, STITCH_BENEFICIARY_ACCOUNT_NUMBER: "62-000" }), /ACCOUNT_NUMBER/);
  assert.throws(() => loadConfig({ ...STITCH_ENV, STITCH_REFUNDS: "auto" }), /STITCH_REFUNDS/);
  assert.throws(() => loadConfig({ ...STITCH_ENV, STITCH_TOKEN_URL: "ftp://x" }), /STITCH_TOKEN_URL/);
});

Deno.test("[config] WEB_CONCURRENCY: server threads 1-32, more than one only on PostgreSQL", () => {
  assert.equal(loadConfig({}).webConcurrency, 1);
  assert.equal(loadConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db/shop" }).webConcurrency, 2);
  assert.throws(
    () => loadConfig({ WEB_CONCURRENCY: "2" }),
    (e: Error) =>
      e instanceof ConfigError && /WEB_CONCURRENCY: more than one server thread needs DATABASE_URL/.test(e.message),
  );
  for (const bad of ["0", "33", "two", "1.5"]) {
    assert.throws(
      () => loadConfig({ WEB_CONCURRENCY: bad, DATABASE_URL: "postgres://db/shop" }),
      (e: Error) => e instanceof ConfigError && /WEB_CONCURRENCY: must be/.test(e.message),
    );
  }
});
