/**
 * Query plans of what domain code really sends: runs `fn` against a PostgreSQL database through a
 * Drizzle instance that records each statement, then EXPLAINs every recorded statement with its own
 * parameters. PostgreSQL only (PGlite's planner sees tiny tables and proves nothing about scale).
 */
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type Db, sessionSettings } from "../../db/client.ts";
import * as schema from "../../db/schema/mod.ts";
import { usingPostgres } from "./db.ts";

export interface QueryPlan {
  sql: string;
  /** EXPLAIN's text lines. */
  plan: string[];
}

/** Runs `fn` on the database at `url` and answers the plan of every statement it issued. */
export async function queryPlans(
  url: string,
  fn: (db: Db) => Promise<unknown>,
  opts: { analyze?: boolean } = {},
): Promise<QueryPlan[]> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: sessionSettings });
  const seen: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({
    client,
    schema,
    casing: "snake_case",
    logger: { logQuery: (sql, params) => void seen.push({ sql, params }) },
  }) as unknown as Db;
  try {
    await fn(db);
    const plans: QueryPlan[] = [];
    for (const q of seen) {
      if (!/^\s*(select|with)\b/i.test(q.sql)) continue;
      const options = opts.analyze ? "(analyze, buffers)" : "";
      const rows = await client.unsafe(`explain ${options} ${q.sql}`, q.params as postgres.ParameterOrJSON<never>[]);
      plans.push({ sql: q.sql, plan: rows.map((r) => String(r["QUERY PLAN"])) });
    }
    return plans;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** The plan lines that read `table` row by row, whole. */
export function seqScansOn(plans: QueryPlan[], table: string): string[] {
  const scan = new RegExp(`Seq Scan on ${table}\\b`);
  return plans.flatMap((p) => p.plan.filter((line) => scan.test(line)));
}

/** The plan lines that read the products table row by row, whole. */
export function productSeqScans(plans: QueryPlan[]): string[] {
  return seqScansOn(plans, "products");
}

/**
 * The most rows of `table` one plan node read (EXPLAIN ANALYZE plans only): rows it returned plus
 * rows its filter removed, times its loops. A count over the whole table shows here even when it is
 * an index-only scan rather than a seq scan.
 */
export function mostRowsRead(plans: QueryPlan[], table: string): number {
  const node = new RegExp(` on ${table}\\b.*\\(actual time=[\\d.]+\\.\\.[\\d.]+ rows=(\\d+) loops=(\\d+)\\)`);
  let most = 0;
  for (const p of plans) {
    p.plan.forEach((line, i) => {
      const m = line.match(node);
      if (!m) return;
      const removed = p.plan.slice(i + 1).find((l) =>
        /^\s*(->|Planning|Execution)/.test(l) || /Rows Removed by Filter/.test(l)
      );
      const filtered = removed?.match(/Rows Removed by Filter: (\d+)/);
      most = Math.max(most, (Number(m[1]) + Number(filtered?.[1] ?? 0)) * Number(m[2]));
    });
  }
  return most;
}

/** The most products one plan node read (see {@link mostRowsRead}). */
export function mostProductsRead(plans: QueryPlan[]): number {
  return mostRowsRead(plans, "products");
}

/** Whether any plan names `index` (or any other text, such as "Index Only Scan using x"). */
export function uses(plans: QueryPlan[], index: string): boolean {
  return plans.some((p) => p.plan.some((line) => line.includes(index)));
}

/** Why plan tests do not run on PGlite, in their names. */
const PLANS_ON_POSTGRES = "(PostgreSQL only: the plans asserted are PostgreSQL's at scale)";

/**
 * A test of the plans PostgreSQL picks, on a database `seed` fills and analyzes: `fn` gets
 * `plans(run)`, the plans of every statement `run` sends. Registered as ignored on PGlite, whose
 * planner sees tiny tables and proves nothing about scale.
 */
export function planTest(
  test: (name: string, fn: (db: Db) => Promise<void>) => void,
  name: string,
  seed: (db: Db) => Promise<void>,
  fn: (plans: (run: (db: Db) => Promise<unknown>) => Promise<QueryPlan[]>) => Promise<void>,
) {
  if (!usingPostgres) {
    Deno.test({ name: `${name} ${PLANS_ON_POSTGRES}`, ignore: true, fn() {} });
    return;
  }
  test(`${name} ${PLANS_ON_POSTGRES}`, async (db) => {
    await seed(db);
    await fn((run) => queryPlans(Deno.env.get("TEST_DATABASE_URL")!, run, { analyze: true }));
  });
}
