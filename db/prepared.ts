/**
 * Prepared Drizzle queries for the hot reads and writes (the session, the cart, a product by slug, the
 * purchase path...). Drizzle builds a query's SQL text and its row mapping in JavaScript on every
 * call; a prepared query does that once and then only binds parameters, which cut a product-by-slug
 * read from 0.58 to 0.33 ms here (issue 14), and SQL building was the largest share of the shop's CPU
 * in a checkout profile (decision 0062). On PostgreSQL the statement is also a named prepared
 * statement on each connection (db/client.ts `preparedStatements`).
 *
 * A prepared query is built once per driver (PGlite or postgres.js) and runs on the connection of the
 * database object it is called with: the app's pool, or a transaction's own connection, so the same
 * prepared query serves inside `db.transaction` (it sees the transaction's rows and holds its locks).
 * Drizzle's prepared queries of both drivers keep their connection in one field, `client`, and read
 * it on every execution (drizzle-orm 0.45, postgres-js/session.js and pglite/session.js); a view of
 * the built query with that field replaced is kept per database object.
 */
import type { Db } from "./client.ts";

/** The part of a Drizzle database or transaction this module reads (PgDatabase.session). */
interface WithSession {
  session: { client: unknown };
}

export function preparedQuery<Q extends object>(build: (db: Db) => Q): (db: Db) => Q {
  /** The query as built, per driver's session class (one SQL text and row mapping each). */
  const built = new Map<unknown, Q>();
  /** The query bound to each database object's connection. */
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      const session = (db as unknown as WithSession).session;
      let base = built.get(session.constructor);
      if (!base) {
        base = build(db);
        if (!("client" in base)) throw new Error("preparedQuery: the built query holds no client");
        built.set(session.constructor, base);
      }
      query = (base as { client: unknown }).client === session.client
        ? base
        : Object.assign(Object.create(base) as Q, { client: session.client });
      byDb.set(db, query);
    }
    return query;
  };
}
