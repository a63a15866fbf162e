/** Identifier helpers for path and query parameters. */
import { ValidationError } from "./errors.ts";

/** A positive database id from a path segment, or a 400 naming the parameter. */
export function parseId(raw: string | undefined, name = "id"): number {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw new ValidationError(`${name} must be a positive whole number`);
  }
  return Number(raw);
}

/** A URL slug: lowercase letters, digits and single hyphens. */
export function isSlug(raw: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(raw) && raw.length <= 220;
}

/** "Exo Terra Glass Terrarium 45x45x60" -> "exo-terra-glass-terrarium-45x45x60". */
export function slugify(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 200);
}
