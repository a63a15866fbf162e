/**
 * The sizes uploaded images are stored in and the `srcset` the storefront derives from an image URL.
 * Uploads are stored as WebP under content-hashed keys, one file per width:
 * `/media/products/<hash>-1200.webp` is the largest, and its siblings `-640` and `-320` exist for every
 * standard width below it (an image narrower than 1200 px keeps its own width as the largest and is
 * never upscaled). The URL alone says which files exist, so products.images stays a list of URLs.
 * Pure string work: islands import it too.
 */
import { placeholderPath } from "./placeholder_path.ts";

/** Widths the storefront shows: 320 (cart lines, suggestions, thumbnails, phone cards), 640 (cards, phone gallery), 1200 (gallery). */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;

/** Any media image URL with its width: prefix (`/media/<folder>/<hash>` or the bucket's public URL) and width. */
const SIZED = /^(.*\/[a-z0-9]+\/[0-9a-f]{16,64})-([0-9]{1,4})\.webp$/;

/** The widths stored for an image whose largest width is `largest` (ascending, largest last). */
export function widthsBelow(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest];
}

/** The stored key suffix for one width: "<hash>-640.webp". */
export function sizedName(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

/** `{ base, width }` for an uploaded image URL in our naming convention, or null for any other URL. */
export function parseSizedUrl(url: string): { base: string; width: number } | null {
  const m = SIZED.exec(url);
  if (!m) return null;
  const width = Number(m[2]);
  return width >= 1 ? { base: m[1], width } : null;
}

/** Every stored variant of an uploaded image URL (smallest first); [url] for any other URL. */
export function imageVariants(url: string): { url: string; width: number | null }[] {
  const parsed = parseSizedUrl(url);
  if (!parsed) return [{ url, width: null }];
  return widthsBelow(parsed.width).map((w) => ({ url: `${parsed.base}-${w}.webp`, width: w }));
}

/**
 * The `<img>` attributes for an image shown `displayWidth` CSS pixels wide (or per `sizes`): the
 * smallest stored width that covers it at 2x as `src`, and every stored width in `srcset`. Images not
 * in the convention (placeholders, imported URLs) come back as they are.
 */
export function responsiveImage(
  url: string,
  opts: { sizes: string; displayWidth: number },
): { src: string; srcSet?: string; sizes?: string } {
  const variants = imageVariants(url);
  if (variants.length === 1 && variants[0].width === null) return { src: url };
  const want = opts.displayWidth * 2;
  const src = (variants.find((v) => (v.width ?? 0) >= want) ?? variants[variants.length - 1]).url;
  return { src, srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(", "), sizes: opts.sizes };
}

/**
 * The `<img>` source attributes for a product or category picture shown about `displayWidth` CSS
 * pixels wide: the uploaded image's sizes, or the generated drawing when there is no image. Used by
 * every storefront image (cards, gallery, cart lines, suggestions, checkout, wishlist).
 */
export function imageSource(
  src: string | null | undefined,
  name: string,
  displayWidth: number,
  sizes = `${displayWidth}px`,
): { src: string; srcSet?: string; sizes?: string } {
  return src ? responsiveImage(src, { sizes, displayWidth }) : { src: placeholderPath(name) };
}
