/**
 * The generated placeholder as a PNG, for link previews: Facebook, WhatsApp and X refuse SVG as
 * og:image. It carries the same colour gradient as the SVG (see ./placeholder.ts) without the line
 * drawing, encoded here with the platform's deflate so no image library is needed.
 */
import { placeholderColours } from "./placeholder.ts";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** HSL (degrees, percent, percent) to 8-bit RGB. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

async function deflate(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The PNG bytes for a key (a slug) at the given size. */
export async function placeholderPng(
  key: string,
  opts: { width?: number; height?: number; view?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 630;
  const { from, to, angle } = placeholderColours(key, opts.view ?? 1);
  const start = hslToRgb(...from);
  const end = hslToRgb(...to);
  const rad = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)];
  const [dr, dg, db] = [end[0] - start[0], end[1] - start[1], end[2] - start[2]];
  // Filter type 1 (Sub) per row: neighbouring pixels of a gradient differ by 0 or 1, which deflates well.
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 1;
    let [pr, pg, pb] = [0, 0, 0];
    const rowBase = (y / height - 0.5) * sin + 0.5;
    for (let x = 0; x < width; x++) {
      // The SVG's gradient runs left to right, rotated about the centre of the box.
      const t = Math.min(1, Math.max(0, (x / width - 0.5) * cos + rowBase));
      const r = Math.round(start[0] + dr * t);
      const g = Math.round(start[1] + dg * t);
      const b = Math.round(start[2] + db * t);
      const at = row + 1 + x * 3;
      raw[at] = (r - pr) & 0xff;
      raw[at + 1] = (g - pg) & 0xff;
      raw[at + 2] = (b - pb) & 0xff;
      [pr, pg, pb] = [r, g, b];
    }
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, adaptive filtering, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
