/**
 * Product image links as merchant centres take them: JPEG or PNG, never SVG or WebP (Google Merchant
 * Center and Meta's catalogue refuse both). The shop's drawn placeholders have PNG renditions
 * (routes/static.ts) and uploaded WebP images JPEG renditions (domains/media/jpeg_rendition.ts).
 */

/** The raster rendition of a product image path; any other URL (an external JPEG) as it is. */
export function rasterImagePath(url: string): string {
  const drawn = /^\/images\/placeholder\/([a-z0-9-]{1,220})\.svg(?:\?view=([1-9]))?$/.exec(url);
  if (drawn) return `/images/placeholder/${drawn[1]}.png?${drawn[2] ? `view=${drawn[2]}&` : ""}w=1200&h=1200`;
  const uploaded = /^\/media\/([a-z0-9][a-z0-9_/.-]*)\.webp$/.exec(url);
  if (uploaded) return `/media/${uploaded[1]}.jpg`;
  return url;
}
