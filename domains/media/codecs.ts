/**
 * Image decoding, resizing and WebP encoding in WebAssembly (the jSquash builds of Squoosh's codecs:
 * libjpeg-turbo, a Rust PNG decoder, libwebp and a Rust resizer). No native binaries, no --allow-ffi:
 * runs in the container and on Deno Deploy; the .wasm files load from the npm packages themselves.
 */
import decodeJpeg from "@jsquash/jpeg/decode.js";
import decodePng from "@jsquash/png/decode.js";
import decodeWebp from "@jsquash/webp/decode.js";
import encodeWebp from "@jsquash/webp/encode.js";
import resize from "@jsquash/resize/index.js";
import type { ImageKind } from "./sniff.ts";

/** RGBA pixels of a decoded image. */
export type Pixels = ImageData;

const decoders: Record<ImageKind, (bytes: ArrayBuffer) => Promise<ImageData | null | undefined>> = {
  jpeg: (b) => decodeJpeg(b),
  png: (b) => decodePng(b),
  webp: (b) => decodeWebp(b),
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
  return await resize(image, { width, height, method: "lanczos3" });
}

/** WebP at quality 80: about a tenth of a JPEG's bytes at the same look for product photos. */
export async function encodeWebpImage(image: Pixels): Promise<Uint8Array> {
  return new Uint8Array(await encodeWebp(image, { quality: 80 }));
}
