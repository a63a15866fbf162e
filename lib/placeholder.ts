/**
 * Generated product and category images: a colour gradient derived from the name with a line
 * drawing of the kind of product the name speaks of (a terrarium, a UVB tube, a water bowl...: see
 * ./placeholder_art.ts), the shop's gecko for anything else. Served as SVG by the app, so the demo catalogue needs no image files and a missing
 * image always has a stand-in.
 */
import { artKind, artSvg } from "./placeholder_art.ts";

// The URL helpers live in ./placeholder_path.ts (no drawings: islands bundle it); re-exported here.
export { placeholderPath, socialImagePath } from "./placeholder_path.ts";

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
  const kind = artKind(key);
  // The drawing fills 60% of the shorter side, centred (a little above centre on wide banners).
  const size = Math.min(width, height) * 0.6;
  const scale = size / 300;
  const x = width / 2 - size / 2;
  const y = (height - size) / 2 - (width > height ? height * 0.04 : 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${
    escapeXml(label)
  }" data-kind="${kind}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)">
<stop offset="0" stop-color="hsl(${from[0]} ${from[1]}% ${from[2]}%)"/><stop offset="1" stop-color="hsl(${to[0]} ${
    to[1]
  }% ${to[2]}%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})">${artSvg(kind)}</g>
</svg>`;
}
