/** A test database whose chosen SELECTs fail, for pages that must show their loading-error texts. */
import { getTableName } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";

/**
 * Which SELECTs fail: `fields` is what was passed to db.select() (undefined for all columns), `table`
 * the name passed to .from().
 */
export type FailingReads = (fields: Record<string, unknown> | undefined, table: string) => boolean;

/** The product lists' reads: they select the product columns ("hasVariants"); category counts do not. */
export const productListReads: FailingReads = (fields, table) =>
  table === "products" && !!fields && "hasVariants" in fields;

/** The category list's reads (every column of the categories). */
export const categoryListReads: FailingReads = (fields, table) => table === "categories" && fields === undefined;

/**
 * The same database, except that a SELECT for which `fails(fields, table)` holds throws, as a query
 * does when the database is down.
 */
export function failingDatabase(database: Database, fails: FailingReads): Database {
  // Prepared queries (db/prepared.ts) are built once per session class and reused: a session of a
  // class of its own makes them built afresh through this proxy, so their reads can fail too.
  const session = Object.create((database.db as unknown as { session: object }).session, {
    constructor: { value: class FailingSession {} },
  });
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === "session") return session;
      if (prop !== "select") return Reflect.get(target, prop, receiver);
      return (fields?: Record<string, unknown>) => {
        const builder = target.select(fields as never);
        return new Proxy(builder, {
          get(b, p, r) {
            if (p !== "from") return Reflect.get(b, p, r);
            return (table: Parameters<typeof b.from>[0]) => {
              if (fails(fields, getTableName(table as never))) throw new Error("simulated outage");
              return b.from(table);
            };
          },
        });
      };
    },
  }) as Db;
  return { ...database, db };
}

/** Runs `fn` with console.error captured; returns the lines logged, parsed when they are JSON. */
export async function capturingErrors(fn: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const original = console.error;
  console.error = (line: unknown) => {
    try {
      lines.push(JSON.parse(String(line)));
    } catch {
      lines.push({ raw: String(line) });
    }
  };
  try {
    await fn();
  } finally {
    console.error = original;
  }
  return lines;
}

/** What `fn` resolves to, and the lines it logged meanwhile ({@link capturingErrors}). */
export async function loggedWhile<T>(fn: () => Promise<T>): Promise<{ result: T; logged: Record<string, unknown>[] }> {
  let result: T | undefined;
  const logged = await capturingErrors(async () => {
    result = await fn();
  });
  return { result: result as T, logged };
}
