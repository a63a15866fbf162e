/**
 * Slug helpers. Kept apart from lib/ids.ts (which builds zod schemas) because the browser bundles
 * reach them through lib/placeholder.ts: importing ids.ts there pulled all of zod into the islands.
 */

/** A URL slug: lowercase letters, digits and single hyphens. */
export function isSlug(raw: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(raw) && raw.length <= 220;
}

/** "Exo Terra Glass Terrarium 45x45x60" -> "exo-terra-glass-terrarium-45x45x60". */
export function slugify(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
    .replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 200);
}
