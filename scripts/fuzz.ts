/**
 * `deno task fuzz [cases]`: the long fuzz run (default 10,000 cases) against an in-process app on a
 * fresh PGlite (or TEST_DATABASE_URL), over every /api route and every form route. Prints the count
 * of answers by status, then every case that got a 5xx or no answer; exits 1 if there was any.
 */
import fc from "fast-check";
import { openTestDatabase } from "../tests/helpers/db.ts";
import { describeCase, fuzzCase, fuzzedShop, sendCase } from "../tests/helpers/fuzz.ts";

const total = Number(Deno.args[0] ?? 10_000);
const database = await openTestDatabase();
const db = database.db;
const { app, cookie, targets } = await fuzzedShop(db, database);
console.log(`fuzzing ${targets.length} routes with ${total} cases`);

const byStatus = new Map<string, number>();
const failures: string[] = [];
const started = performance.now();
for (const k of fc.sample(fuzzCase(targets), total)) {
  let label: string;
  try {
    label = String(await sendCase(app, targets, k, cookie));
  } catch (err) {
    label = "no answer";
    failures.push(`${describeCase(targets, k)}: ${err instanceof Error ? err.message : err}`);
  }
  if (label.startsWith("5")) failures.push(`${describeCase(targets, k)} -> ${label}`);
  byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
}
console.log(`${total} cases in ${((performance.now() - started) / 1000).toFixed(0)} s; answers by status:`);
for (const [status, count] of [...byStatus].sort()) console.log(`  ${status}: ${count}`);
for (const f of failures.slice(0, 50)) console.log(`FAIL ${f}`);
await database.close();
Deno.exit(failures.length ? 1 : 0);
