/**
 * Opens the database: a real PostgreSQL server through postgres.js when a URL is given, otherwise
 * the embedded PGlite (on disk, or in memory with `memory://`). Both speak the same Drizzle API.
 */
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import * as schema from "./schema/mod.ts";
import { PGLITE_SHARED_BUFFERS } from "../config.ts";

/** The Drizzle database (or a transaction: same API) that every domain function takes. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies committed migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the start-up lock: a PostgreSQL advisory lock taken in one session, so
   * instances starting together on one database migrate and seed one after another. PGlite is
   * one process with one connection: `fn` just runs.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** A trivial query: used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: how many statements other than a plain SELECT (and transactions) have started or
   * ended so far. One process holds a PGlite database, so every write passes through here, and a
   * read kept while this number stands is still the database's answer (lib/read_memo.ts). Undefined
   * on PostgreSQL, where other instances write too.
   */
  writes?: () => number;
}

/**
 * pg_trgm's threshold for the `<%` operator: product search's typo matching (domains/catalog/
 * text_search.ts) uses `<%` so the trigram index can answer it, and `<%` reads this per-session
 * setting (default 0.6). Every connection the shop opens sets it (decision 0044).
 */
export const TRIGRAM_WORD_THRESHOLD = 0.45;

/** Session settings every connection starts with (postgres.js sends them at connect). */
export const sessionSettings = { "pg_trgm.word_similarity_threshold": String(TRIGRAM_WORD_THRESHOLD) };

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;

/** The advisory lock key of migrations and seeding (any fixed bigint; this one spells "reptiles"). */
const STARTUP_LOCK = "8243118338258789747";

/** Opens PostgreSQL when `url` is set, else PGlite at `pgliteDir` ("memory://" for in memory). */
export async function openDb(
  opts: { url?: string; pgliteDir?: string; poolSize?: number; pgliteSharedBuffers?: string },
) {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return await openPglite(opts.pgliteDir ?? "memory://", opts.pgliteSharedBuffers ?? PGLITE_SHARED_BUFFERS);
}

function openPostgres(url: string, max: number): Database {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10, connection: sessionSettings });
  const db = drizzlePostgres({
    client: preparedStatements(client as DrizzleClient) as typeof client,
    schema,
    casing: "snake_case",
  });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => migratePostgres(db, { migrationsFolder }),
    async withStartupLock(fn) {
      const session = await client.reserve();
      try {
        await session`select pg_advisory_lock(${STARTUP_LOCK})`;
        try {
          return await fn();
        } finally {
          await session`select pg_advisory_unlock(${STARTUP_LOCK})`;
        }
      } finally {
        session.release();
      }
    },
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * What Drizzle's postgres.js driver calls on its client (drizzle-orm/postgres-js/session.js and
 * driver.js): a pool or a transaction of postgres.js.
 */
interface DrizzleClient {
  options?: unknown;
  unsafe(text: string, params?: unknown[], options?: postgres.UnsafeQueryOptions): unknown;
  begin?(...args: unknown[]): unknown;
  savepoint?(...args: unknown[]): unknown;
}

/**
 * The postgres.js client as Drizzle sees it, with every statement that has parameters sent as a named
 * prepared statement (decision 0062). Drizzle runs each query through `client.unsafe(text, params)`,
 * which postgres.js sends unprepared: a Parse and Describe, a wait for the server's answer (the
 * parameters' types), then Bind and Execute: two round trips and a fresh parse every time. Prepared,
 * the first execution on a connection does that once and every later one is a single Bind/Execute.
 * Statements without parameters still go as simple queries. postgres.js keeps a connection's
 * statements until the connection ends (at most an hour, `max_lifetime`), and the shop's SQL texts
 * are a fixed set (values are always parameters); a statement whose plan a migration invalidates is
 * prepared again by postgres.js. PostgreSQL plans a prepared statement for its values for the first
 * five executions and may then keep a generic plan when it costs no more (plan_cache_mode auto):
 * that halved PostgreSQL's CPU per purchase in bench:checkout; the bench:large figures at 100,000
 * products did not move (decision 0062).
 */
export function preparedStatements<C extends DrizzleClient>(client: C): C {
  // Drizzle's transactions call begin(fn) and savepoint(fn): the callback's client is wrapped too.
  const wrapCallback = (method: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    const fn = args.pop() as (sql: DrizzleClient) => unknown;
    return method.call(client, ...args, (sql: DrizzleClient) => fn(preparedStatements(sql)));
  };
  const wrapped: DrizzleClient = {
    options: client.options,
    unsafe: (text, params, options) => client.unsafe(text, params, { prepare: true, ...options }),
  };
  if (client.begin) wrapped.begin = wrapCallback(client.begin);
  if (client.savepoint) wrapped.savepoint = wrapCallback(client.savepoint);
  return wrapped as C;
}

async function openPglite(dir: string, sharedBuffers: string): Promise<Database> {
  if (!dir.startsWith("memory://")) {
    await Deno.mkdir(dir, { recursive: true });
    if (!await Deno.stat(`${dir}/PG_VERSION`).then(() => true, () => false)) await initdbApart(dir);
  }
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`],
  });
  // PGlite is one session for its whole life: set once.
  for (const [name, value] of Object.entries(sessionSettings)) {
    await client.query("select set_config($1, $2, false)", [name, value]);
  }
  const writes = countWrites(client);
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    writes,
    migrate: () => migratePglite(db, { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** Creates the database in `dir` in a worker, whose end gives back the memory initdb grew. */
async function initdbApart(dir: string): Promise<void> {
  const worker = new Worker(new URL("./pglite_initdb_worker.ts", import.meta.url), { type: "module" });
  try {
    const answer = new Promise<{ ok: boolean; message?: string }>((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error(event.message));
      };
    });
    worker.postMessage({ dir });
    const { ok, message } = await answer;
    if (!ok) throw new Error(`PGlite could not create its database in ${dir}: ${message}`);
  } finally {
    worker.terminate();
  }
}

/** A statement that only reads: a plain SELECT (a data-modifying WITH counts as a write). */
const READ_ONLY = /^\s*\(?\s*select\b/i;

/**
 * Counts PGlite's writes (see Database.writes): each statement that is not a plain SELECT, and each
 * transaction, once as it starts and once as it ends, so a read that overlapped a write is never
 * taken for one that followed it.
 */
function countWrites(client: PGlite): () => number {
  let count = 0;
  const around = async <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    if (!write) return run();
    count++;
    try {
      return await run();
    } finally {
      count++;
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    around(
      !READ_ONLY.test(text),
      () => (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as typeof client.query;
  client.exec =
    ((text: string, ...rest: unknown[]) =>
      around(true, () => (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as typeof client.exec;
  client.transaction =
    ((fn: Parameters<typeof client.transaction>[0]) =>
      around(true, () => transaction(fn))) as typeof client.transaction;
  return () => count;
}

/** The rows of a raw `db.execute`: PGlite answers `{ rows }`, the postgres driver the row array itself. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: T[] } | null)?.rows;
  return Array.isArray(rows) ? rows : [];
}
