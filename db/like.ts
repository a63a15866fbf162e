/**
 * Patterns for SQL `LIKE` / `ILIKE` built from what a person typed: `%`, `_` and `\` in their text
 * match themselves, not any text (PostgreSQL's default escape character is the backslash).
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

/** `text` with LIKE's wildcards and escape character escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Matches values that contain `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches values that start with `text`. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/**
 * `expr` contains `text`, in any case, written `lower(expr) like lower(pattern)`: the form a trigram
 * index on `lower(expr)` answers (`expr ilike pattern` would need an index on `expr` itself). The
 * staff searches at scale use it with such indexes (decision 0098).
 */
export function containsText(expr: SQLWrapper, text: string): SQL {
  return sql`lower(${expr}) like lower(${containsPattern(text)})`;
}
