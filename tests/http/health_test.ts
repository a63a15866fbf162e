/** /readyz: says the database is unavailable without the driver's text (which can name hosts and users). */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { capturingErrors } from "../helpers/failing_db.ts";

const { test, closeDatabase } = useTestDatabase();

test("[health] readiness: 503 'database unavailable', the driver's message only in the log", async (_db, database) => {
  const secret = 'connect ECONNREFUSED db.internal:5432 for user "shop_owner"';
  const down = { ...database, ping: () => Promise.reject(new Error(secret)) };
  const logged = await capturingErrors(async () => {
    const res = await testApp(down).request("/readyz");
    assert.equal(res.status, 503);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { status: "unavailable", error: "database unavailable" });
    assert.doesNotMatch(text, /shop_owner|db\.internal/);
  });
  assert.equal(logged.length, 1);
  assert.equal(logged[0].message, "readiness check failed");
  const ok = await testApp(database).request("/readyz");
  assert.equal(ok.status, 200);
});

closeDatabase();
