/**
 * Patterns for SQL `LIKE` / `ILIKE` built from what a person typed: `%`, `_` and `\` in their text
 * match themselves, not any text (PostgreSQL's default escape character is the backslash).
 */

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
