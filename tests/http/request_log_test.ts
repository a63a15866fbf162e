/** Request lines: one per request, in the logger's shape, with the request id echoed and no query string. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { loggingApp } from "../helpers/app.ts";

const { test, closeDatabase } = useTestDatabase();

test(
  "[log] a request line: requestId (the caller's X-Request-Id echoed), method, path without query, status",
  async (_db, database) => {
    const { app, lines } = loggingApp(database);
    const res = await app.request("/search?q=python&token=rst_secret123", {
      headers: { "X-Request-Id": "req-12345678", Cookie: "sid=sess_secret456" },
    });
    await res.body?.cancel();
    assert.equal(res.headers.get("X-Request-Id"), "req-12345678");
    const line = JSON.parse(lines.at(-1)!);
    assert.deepEqual(
      { ...line, time: undefined, durationMs: undefined },
      {
        time: undefined,
        level: "info",
        message: "request",
        requestId: "req-12345678",
        method: "GET",
        path: "/search",
        status: res.status,
        durationMs: undefined,
      },
    );
    assert.ok(!lines.join("\n").includes("secret"));
    // Without one (or with a malformed one) the shop makes its own id and echoes it.
    const own = await app.request("/healthz", { headers: { "X-Request-Id": "bad id with spaces" } });
    assert.match(own.headers.get("X-Request-Id")!, /^[0-9a-f-]{36}$/);
    assert.equal(JSON.parse(lines.at(-1)!).requestId, own.headers.get("X-Request-Id"));
  },
);

closeDatabase();
