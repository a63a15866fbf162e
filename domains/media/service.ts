/**
 * Uploaded images: checked (JPEG, PNG or WebP by their first bytes, 5 MB and 40 megapixels at most),
 * decoded, resized to the widths the storefront shows (never upscaled), encoded as WebP and stored
 * through the file storage under content-hashed keys (`products/<hash>-640.webp`). The same photo
 * uploaded twice lands on the same keys. See lib/image_sizes.ts for the naming convention.
 */
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { FileStorage } from "../../lib/storage.ts";
import { ValidationError } from "../../lib/errors.ts";
import { imageVariants, parseSizedUrl, sizedName, widthsBelow } from "../../lib/image_sizes.ts";
import { decodeImage, encodeWebpImage, type Pixels, resizeTo } from "./codecs.ts";
import { imageDimensions, sniffImage } from "./sniff.ts";

/** Spec: JPEG/PNG/WebP, 5 MB at most per image. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decoding needs 4 bytes a pixel: 40 megapixels is 160 MB, about a 7,700 x 5,200 photo. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_UNREADABLE = "The image could not be read";
export const IMAGE_TOO_LARGE = "Images must be 5 MB or smaller";
export const IMAGE_WRONG_TYPE = "Images must be JPEG, PNG or WebP files";

/** Where an upload is stored; review photos sit in their uploader's folder (decision 0056). */
export type ImageFolder = "products" | "categories" | `reviews/u${number}`;

export interface StoredImage {
  /** The URL of the image (the largest size); its smaller siblings follow from it. */
  url: string;
  /** Every stored size, smallest first. */
  sizes: { url: string; key: string; width: number; height: number }[];
  /** The original picture's size. */
  width: number;
  height: number;
}

// Decoding a large photo takes ~150 MB and a second of a core: one at a time per process, so a
// burst of uploads queues instead of exhausting memory.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

/** Checks an upload's type and size without decoding it (cheap: run before any transaction). */
export function checkImage(bytes: Uint8Array) {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ValidationError(IMAGE_TOO_LARGE);
  const kind = sniffImage(bytes);
  if (!kind) throw new ValidationError(IMAGE_WRONG_TYPE);
  const size = imageDimensions(kind, bytes);
  if (!size) throw new ValidationError(IMAGE_UNREADABLE);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new ValidationError("Images must be 40 megapixels or smaller");
  }
  return { kind, ...size };
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return encodeHexLowerCase(new Uint8Array(digest));
}

/**
 * Checks, resizes and stores one image under `folder`. Throws ValidationError with a plain message for
 * a wrong type or size, and 'The image could not be read' for a file whose header is right but whose
 * data is not a picture.
 */
export async function ingestImage(storage: FileStorage, folder: ImageFolder, bytes: Uint8Array): Promise<StoredImage> {
  const { kind } = checkImage(bytes);
  const hash = (await sha256Hex(bytes)).slice(0, 32);
  const encoded = await oneAtATime(async () => {
    let image: Pixels;
    try {
      image = await decodeImage(kind, bytes);
    } catch {
      // The codecs throw strings, objects and Errors alike: any failure is the file's fault.
      throw new ValidationError(IMAGE_UNREADABLE);
    }
    const widths = widthsBelow(Math.min(image.width, 1200));
    const out: { width: number; height: number; bytes: Uint8Array }[] = [];
    // Largest first, each smaller size from the previous one: same look, a third of the work.
    let current = image;
    for (const width of widths.toReversed()) {
      current = await resizeTo(current, width);
      out.push({ width, height: current.height, bytes: await encodeWebpImage(current) });
    }
    return { sizes: out.toReversed(), width: image.width, height: image.height };
  });
  const sizes = [];
  for (const size of encoded.sizes) {
    const key = `${folder}/${sizedName(hash, size.width)}`;
    await storage.put(key, size.bytes, "image/webp");
    sizes.push({ url: storage.publicUrl(key), key, width: size.width, height: size.height });
  }
  return { url: sizes[sizes.length - 1].url, sizes, width: encoded.width, height: encoded.height };
}

/**
 * The storage keys of an uploaded image URL and its smaller siblings; [] for a URL that is not one of
 * this storage's files (a placeholder, an imported picture on another host).
 */
export function storedKeysOf(storage: FileStorage, url: string): string[] {
  const parsed = parseSizedUrl(url);
  if (!parsed) return [];
  const [folder, file] = `${parsed.base}-${parsed.width}.webp`.split("/").slice(-2);
  const largestKey = `${folder}/${file}`;
  if (storage.publicUrl(largestKey) !== url) return [];
  return imageVariants(url).map((v) => `${folder}/${v.url.split("/").pop()}`);
}

/** Deletes an uploaded image's files (every size). Missing files are fine. */
export async function deleteImageFiles(storage: FileStorage, url: string): Promise<void> {
  for (const key of storedKeysOf(storage, url)) await storage.delete(key);
}
