/**
 * Staff's "contains" searches (decision 0098): how many rows match, and their ids when only a few do.
 *
 * PostgreSQL guesses hundreds of matches for any `like '%…%'` pattern, so for a sorted page it walks
 * the sort's index and tests row after row, reading the whole table when few or none match (160 ms
 * for a word no product has at 100,000 products). Counted first (a count cannot stop early, so it
 * goes through the trigram indexes), a few matches are read by id and only they are sorted; many
 * matches are met early on the index walk.
 */
import { count, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/** At most this many matches are read by id before they are sorted. */
export const FEW_MATCHES = 500;

/** The number of `table`'s rows matching `where`, and their ids when there are at most {@link FEW_MATCHES}. */
export async function fewMatches(
  db: Db,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
): Promise<{ total: number; ids: number[] | null }> {
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  if (total > FEW_MATCHES) return { total, ids: null };
  const rows = await db.select({ id: table.id }).from(table).where(where).limit(FEW_MATCHES + 1);
  return { total, ids: rows.length > FEW_MATCHES ? null : rows.map((r) => Number(r.id)) };
}
