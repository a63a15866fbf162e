/**
 * A client that hangs up while its request body is arriving (a closed tab, a dropped mobile
 * connection) is logged as a client abort (499, level info), never as a 500 "unhandled error": the
 * error log is for the shop's own failures.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { loggingApp, TEST_ORIGIN } from "../helpers/app.ts";
import { memoryStorage } from "../../lib/storage.ts";

const { test, closeDatabase } = useTestDatabase();

/** Sends the head and half of a body of `contentLength` bytes, then closes the connection. */
async function hangUpMidBody(port: number, path: string, contentType: string, part: string) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = `POST ${path} HTTP/1.1\r\nHost: localhost:8000\r\nOrigin: ${TEST_ORIGIN}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: 4000\r\n\r\n`;
  await conn.write(new TextEncoder().encode(head + part));
  await new Promise((r) => setTimeout(r, 150));
  conn.close();
}

test("[client abort] a body that never arrives is a client abort in the log, not a 500", async (_db, database) => {
  const { app, lines } = loggingApp(database, { storage: memoryStorage() });
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(" "));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  try {
    const sends: [string, string, string][] = [
      ["/api/auth/login", "application/json", '{"username":"thandi'],
      ["/login", "application/x-www-form-urlencoded", "username=thandi&pass"],
      ["/api/cart", "application/json", '{"productId":'],
      ["/register", "multipart/form-data; boundary=XYZ", '--XYZ\r\nContent-Disposition: form-data; name="u"\r\n\r\nab'],
    ];
    for (const [path, type, part] of sends) await hangUpMidBody(server.addr.port, path, type, part);
    // Give the server time to notice and answer each one.
    for (let i = 0; i < 40 && lines.filter((l) => JSON.parse(l).message === "request").length < sends.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    console.error = original;
    await server.shutdown();
  }
  const parsed = lines.map((l) => JSON.parse(l));
  const requests = parsed.filter((l) => l.message === "request");
  assert.equal(requests.length, 4, lines.join("\n"));
  for (const r of requests) {
    assert.equal(r.status, 499, `${r.path}: ${lines.join("\n")}`);
    assert.equal(r.level, "info");
  }
  assert.equal(parsed.filter((l) => l.message === "client closed the request before its body arrived").length, 4);
  assert.deepEqual(errors.filter((e) => /unhandled error/.test(e)), [], "no unhandled error logged");
  assert.ok(!parsed.some((l) => l.level === "error"), lines.join("\n"));
});

closeDatabase();
