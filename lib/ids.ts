/** Identifier helpers for path and query parameters. */
import { z } from "zod";
import { ValidationError } from "./errors.ts";

/** The text of a database id: a whole number from 1, without a sign, spaces or leading zeros. */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** The database id `raw` spells (1 to MAX_DB_ID), or null for anything else (absent, "01", "1e3"). */
export function idOrNull(raw: string | null | undefined): number | null {
  return raw && ID_PATTERN.test(raw) && Number(raw) <= MAX_DB_ID ? Number(raw) : null;
}

/** A positive database id from a path segment, or a 400 naming the parameter. */
export function parseId(raw: string | undefined, name = "id"): number {
  const id = idOrNull(raw);
  if (id === null) throw new ValidationError(`${name} must be a positive whole number`);
  return id;
}

/** The largest value of a PostgreSQL integer (int4) column: every id in the shop. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * A database id in a JSON body, form or query: a whole number from 1 to MAX_DB_ID (a larger one
 * would reach an int4 column and fail there), as a JSON number or as text spelled like `ID_PATTERN`.
 * Not `z.coerce.number()`: that reads "1e3", " 7", "0x10" and `true` as ids. `message` is what the
 * client reads when it is not one.
 */
export function dbId(message: string) {
  const error = { error: message };
  return z.union([
    z.number(error).int(error).min(1, error).max(MAX_DB_ID, error),
    z.string(error).regex(ID_PATTERN, error).transform(Number).pipe(z.number().max(MAX_DB_ID, error)),
  ], error);
}

// The slug helpers live in lib/slug.ts (zod-free, safe for the browser); re-exported for the server.
export { isSlug, slugify } from "./slug.ts";
