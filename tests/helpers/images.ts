/**
 * Real pictures for upload tests, made with the same WASM codecs the shop uses: a gradient with a
 * diagonal stripe, so a resize that breaks the picture shows in its pixels.
 */
import encodeJpeg from "@jsquash/jpeg/encode.js";
import encodePng from "@jsquash/png/encode.js";
import encodeWebp from "@jsquash/webp/encode.js";

function pixels(width: number, height: number, seed = 0): ImageData {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const stripe = Math.abs(x - y) < Math.max(4, width / 20);
      data[i] = stripe ? 250 : (x * 255) / width;
      data[i + 1] = stripe ? 240 : (y * 255) / height;
      data[i + 2] = (seed * 53) % 256;
      data[i + 3] = 255;
    }
  }
  return new ImageData(data, width, height);
}

/** A JPEG photo of the given size; `seed` makes a different picture (a different content hash). */
export async function testJpeg(width: number, height: number, seed = 0): Promise<Uint8Array> {
  return new Uint8Array(await encodeJpeg(pixels(width, height, seed), { quality: 85 }));
}

export async function testPng(width: number, height: number, seed = 0): Promise<Uint8Array> {
  return new Uint8Array(await encodePng(pixels(width, height, seed)));
}

export async function testWebp(width: number, height: number, seed = 0): Promise<Uint8Array> {
  return new Uint8Array(await encodeWebp(pixels(width, height, seed), { quality: 80 }));
}

/** A PDF's first bytes: what a 'photo.jpg' that is really a document starts with. */
export const PDF_BYTES = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");

/** A JPEG whose header is right (SOI and a frame header of 800 x 600) followed by garbage, not a picture. */
export function corruptJpeg(): Uint8Array {
  const header = [0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0x03];
  const components = [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  return new Uint8Array([...header, ...components, ...new Array(400).fill(0x13)]);
}
