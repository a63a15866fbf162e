/**
 * Image decoding, resizing and WebP encoding in WebAssembly (the jSquash builds of Squoosh's codecs:
 * libjpeg-turbo, a Rust PNG decoder, libwebp and a Rust resizer). No native binaries, no --allow-ffi:
 * runs in the container and on Deno Deploy; the .wasm files load from the npm packages themselves.
 */
import type { ImageKind } from "./sniff.ts";

/** RGBA pixels of a decoded image. */
export type Pixels = ImageData;

// The codecs (and their WebAssembly) load with the first upload: a process that serves pages never
// holds them.
const decoders: Record<ImageKind, (bytes: ArrayBuffer) => Promise<ImageData | null | undefined>> = {
  jpeg: async (b) => (await import("@jsquash/jpeg/decode.js")).default(b),
  png: async (b) => (await import("@jsquash/png/decode.js")).default(b),
  webp: async (b) => (await import("@jsquash/webp/decode.js")).default(b),
};

/** Decodes an image; throws (anything) when the data is not a readable image of that kind. */
export async function decodeImage(kind: ImageKind, bytes: Uint8Array): Promise<Pixels> {
  const copy = bytes.slice().buffer as ArrayBuffer;
  const image = await decoders[kind](copy);
  if (!image || !image.width || !image.height || image.data.length !== image.width * image.height * 4) {
    throw new Error("decoder returned no image");
  }
  return image;
}

/** The image scaled to `width` (height keeps the aspect ratio, at least 1 px). */
export async function resizeTo(image: Pixels, width: number): Promise<Pixels> {
  if (width === image.width) return image;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const { default: resize } = await import("@jsquash/resize/index.js");
  return await resize(image, { width, height, method: "lanczos3" });
}

/** WebP at quality 80: about a tenth of a JPEG's bytes at the same look for product photos. */
export async function encodeWebpImage(image: Pixels): Promise<Uint8Array> {
  const { default: encodeWebp } = await import("@jsquash/webp/encode.js");
  return new Uint8Array(await encodeWebp(image, { quality: 80 }));
}

/** Baseline JPEG at quality 85, for places that take no WebP (merchant centres' product images). */
export async function encodeJpegImage(image: Pixels): Promise<Uint8Array> {
  const { default: encodeJpeg } = await import("@jsquash/jpeg/encode.js");
  return new Uint8Array(await encodeJpeg(image, { quality: 85 }));
}
