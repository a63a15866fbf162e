/**
 * Generated product and category images: a colour gradient derived from the name with the shop's
 * gecko line drawing. Served as SVG by the app, so the demo catalogue needs no image files and a missing
 * image always has a stand-in.
 */
import { slugify } from "./ids.ts";

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

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

/** The gradient of a key's image: two HSL colours (degrees, percent, percent) and the angle in degrees. */
export function placeholderColours(key: string, view = 1) {
  const h = hash(key);
  const hue = 70 + (h % 110); // greens, teals and earthy yellows: the colours of a vivarium
  const hue2 = (hue + 40 + ((h >>> 8) % 60)) % 360;
  const angle = (view * 47 + (h >>> 16) % 90) % 360;
  return {
    from: [hue, 45, 32] as [number, number, number],
    to: [hue2, 55, 62] as [number, number, number],
    angle,
  };
}

/** The SVG document for a key (a slug) at the given size. */
export function placeholderSvg(key: string, opts: { width?: number; height?: number; view?: number } = {}) {
  const width = opts.width ?? 600;
  const height = opts.height ?? 600;
  const view = opts.view ?? 1;
  const { from, to, angle } = placeholderColours(key, view);
  const label = key.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  const scale = Math.min(width, height) / 600;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    escapeXml(label)
  }">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)">
<stop offset="0" stop-color="hsl(${from[0]} ${from[1]}% ${from[2]}%)"/><stop offset="1" stop-color="hsl(${to[0]} ${
    to[1]
  }% ${to[2]}%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<g transform="translate(${width / 2 - 150 * scale} ${
    height * 0.18
  }) scale(${scale})" fill="none" stroke="rgba(255,255,255,.55)" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">
<path d="M30 150c40-60 110-70 150-40s90 40 120 0"/><path d="M180 110c0-30 20-55 50-55s45 20 45 40-20 30-40 25"/>
<path d="M70 135l-25 45M130 120l10 55M230 140l20 40M110 130l-40-40M220 120l35-45"/>
<circle cx="245" cy="85" r="5" fill="rgba(255,255,255,.7)"/>
</g>
</svg>`;
}
