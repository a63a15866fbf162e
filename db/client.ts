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
export async function openDb(opts: { url?: string; pgliteDir?: string; poolSize?: number }) {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return await openPglite(opts.pgliteDir ?? "memory://");
}

function openPostgres(url: string, max: number): Database {
  const client = postgres(url, { max, onnotice: () => {}, connect_timeout: 10, connection: sessionSettings });
  const db = drizzlePostgres({ client, schema, casing: "snake_case" });
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

async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith("memory://")) await Deno.mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  // PGlite is one session for its whole life: set once.
  for (const [name, value] of Object.entries(sessionSettings)) {
    await client.query("select set_config($1, $2, false)", [name, value]);
  }
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** The rows of a raw `db.execute`: PGlite answers `{ rows }`, the postgres driver the row array itself. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: T[] } | null)?.rows;
  return Array.isArray(rows) ? rows : [];
}
