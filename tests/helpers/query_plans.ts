/**
 * Query plans of what domain code really sends: runs `fn` against a PostgreSQL database through a
 * Drizzle instance that records each statement, then EXPLAINs every recorded statement with its own
 * parameters. PostgreSQL only (PGlite's planner sees tiny tables and proves nothing about scale).
 */
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type Db, sessionSettings } from "../../db/client.ts";
import * as schema from "../../db/schema/mod.ts";

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

/** The plan lines that read the products table row by row, whole. */
export function productSeqScans(plans: QueryPlan[]): string[] {
  return plans.flatMap((p) => p.plan.filter((line) => /Seq Scan on products\b/.test(line)));
}

/**
 * The most products one plan node read (EXPLAIN ANALYZE plans only): rows it returned plus rows its
 * filter removed, times its loops. A count over the whole catalogue shows here even when it is an
 * index-only scan rather than a seq scan.
 */
export function mostProductsRead(plans: QueryPlan[]): number {
  let most = 0;
  for (const p of plans) {
    p.plan.forEach((line, i) => {
      const m = line.match(/ on products\b.*\(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)\)/);
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
