/**
 * The URLs of the generated placeholder images (lib/placeholder.ts draws them). Apart from the drawing
 * code on purpose: islands (product cards, search suggestions) need the URL, and importing the
 * drawings put 3 KB gz of SVG art into every storefront page's JavaScript (decision 0038).
 */
import { slugify } from "./slug.ts";

/** The URL of the generated image for a name; `view` varies the composition for gallery images. */
export function placeholderPath(name: string, view = 1): string {
  const key = slugify(name) || "image";
  return view > 1 ? `/images/placeholder/${key}.svg?view=${view}` : `/images/placeholder/${key}.svg`;
}

/**
 * The 1200x630 PNG for link previews (og:image, twitter:image): social sites refuse SVG.
 */
export function socialImagePath(name: string): string {
  return `/images/placeholder/${slugify(name) || "image"}.png?w=1200&h=630`;
}
