/**
 * Property-based fuzz of every /api route and every form route (from the app's route table): a few
 * hundred generated hostile requests per run; any 5xx or a request left unanswered fails. The long run
 * is `deno task fuzz` (scripts/fuzz.ts).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { testApp } from "../helpers/app.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { createCategory, createProduct } from "../helpers/factories.ts";
import { describeCase, fuzzCase, fuzzTargets, sendCase } from "../helpers/fuzz.ts";
import { signedInAs } from "../helpers/staff.ts";

const { test, closeDatabase } = useTestDatabase();

test("[fuzz] no /api or form route answers 5xx (or stops answering) for hostile input", async (db, database) => {
  const app = testApp(database);
  const category = await createCategory(db, { name: "Heating", slug: "heating" });
  await createProduct(db, { name: "Heat Mat", stock: 5, categoryId: category.id });
  const staff = await signedInAs(db, database, "super_admin", app);
  const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const targets = fuzzTargets(app.routes);
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
