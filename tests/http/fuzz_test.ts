/**
 * Property-based fuzz of every /api route and every form route (from the app's route table): a few
 * hundred generated hostile requests per run; any 5xx or a request left unanswered fails. The long run
 * is `deno task fuzz` (scripts/fuzz.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { useTestDatabase } from "../helpers/db.ts";
import { describeCase, fuzzCase, fuzzedShop, sendCase } from "../helpers/fuzz.ts";

const { test, closeDatabase } = useTestDatabase();

test("[fuzz] no /api or form route answers 5xx (or stops answering) for hostile input", async (db, database) => {
  const { app, cookie, targets } = await fuzzedShop(db, database);
  assert.ok(targets.length > 150, `only ${targets.length} routes to fuzz`);
  await fc.assert(
    fc.asyncProperty(fuzzCase(targets), async (k) => {
      const status = await sendCase(app, targets, k, cookie);
      assert.ok(status < 500, `${describeCase(targets, k)} -> ${status}`);
    }),
    { numRuns: Number(Deno.env.get("FUZZ_RUNS") ?? 300), endOnFailure: true },
  );
});

closeDatabase();
