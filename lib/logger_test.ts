/** The one log shape and its redaction (lib/logger.ts). */
import assert from "node:assert/strict";
import { formatLogLine, resetLogging, setupLogging, writeLog } from "./logger.ts";
import { logError } from "./error_log.ts";

Deno.test("[log] one JSON shape: time, level, message, then the fields", () => {
  const line = JSON.parse(formatLogLine("info", "swept unpaid orders", { requestId: "abc12345", cancelled: 2 }));
  assert.deepEqual(Object.keys(line), ["time", "level", "message", "requestId", "cancelled"]);
  assert.equal(line.level, "info");
  assert.ok(!Number.isNaN(Date.parse(line.time)));
});

Deno.test("[log] query strings, tokens, passwords, card numbers, cookies and database passwords never reach a line", () => {
  const secrets = [
    "rst_9f8e7d6c5b4a",
    "hunter2",
    "4242424242424242",
    "4242 4242 4242 4242",
    "sess_0123456789abcdef",
    "sk_test_51AbCdEfGhIjKlMn",
    "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    "eyJhbGciOiJIUzI1NiJ9.payload.sig",
  ];
  const line = formatLogLine("error", "reset failed for /reset-password?token=rst_9f8e7d6c5b4a", {
    url: "https://shop.example/api/auth/reset?token=rst_9f8e7d6c5b4a&email=t@example.co.za",
    password: "hunter2",
    newPassword: "hunter2",
    card: { number: "4242424242424242", cvc: "123" },
    note: "paid with 4242 4242 4242 4242",
    cookie: "sid=sess_0123456789abcdef",
    headers: {
      Cookie: "sid=sess_0123456789abcdef; theme=dark",
      Authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig",
    },
    stripeKey: "sk_test_51AbCdEfGhIjKlMn",
    error: "Failed query: insert ... $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
    database: "postgres://shop:hunter2@db.internal:5432/shop",
    text: "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig",
    count: 3,
  });
  for (const secret of secrets) assert.ok(!line.includes(secret), `${secret} in ${line}`);
  const parsed = JSON.parse(line);
  assert.equal(parsed.message, "reset failed for /reset-password?[redacted]");
  assert.equal(parsed.url, "https://shop.example/api/auth/reset?[redacted]");
  assert.equal(parsed.database, "postgres://shop:[redacted]@db.internal:5432/shop");
  assert.equal(parsed.count, 3, "numbers stay");
});

Deno.test("[log] LOG_LEVEL: lines below the level are not written; errors go to stderr", () => {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (l: string) => out.push(l);
  console.error = (l: string) => err.push(l);
  try {
    setupLogging("warn");
    writeLog("info", "quiet");
    writeLog("debug", "quieter");
    writeLog("warn", "webhook refused", { webhook: "evt_1" });
    logError("recommendations rebuild failed", new Error("boom\nparams: secret-param"), { job: "x" });
    assert.deepEqual(out.map((l) => JSON.parse(l).message), ["webhook refused"]);
    assert.equal(err.length, 1);
    const line = JSON.parse(err[0]);
    assert.equal(line.level, "error");
    assert.equal(line.error, "Error: boom");
    assert.ok(!err[0].includes("secret-param"));
  } finally {
    console.log = log;
    console.error = error;
    resetLogging();
  }
});
