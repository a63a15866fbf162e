/**
 * JPEG renditions of stored WebP images. Merchant centres (Google, Meta) take product images as
 * JPEG or PNG only, while the shop stores WebP: `products/ab12-800.jpg` is made from
 * `products/ab12-800.webp` the first time it is asked for and stored beside it, so it is drawn once.
 */
import type { FileStorage, StoredFile } from "../../lib/storage.ts";
import { isStorageKey } from "../../lib/storage.ts";
import { decodeImage, encodeJpegImage } from "./codecs.ts";

/** The WebP a JPEG rendition key is drawn from ("x/y.jpg" -> "x/y.webp"), or null for any other key. */
export function webpSourceOf(jpegKey: string): string | null {
  if (!jpegKey.endsWith(".jpg") || !isStorageKey(jpegKey)) return null;
  return `${jpegKey.slice(0, -".jpg".length)}.webp`;
}

/** The JPEG rendition of a stored WebP (made and stored on first use), or null when there is no such WebP. */
export async function jpegRendition(storage: FileStorage, jpegKey: string): Promise<StoredFile | null> {
  const source = webpSourceOf(jpegKey);
  if (!source) return null;
  const kept = await storage.get(jpegKey);
  if (kept) return kept;
  const webp = await storage.get(source);
  if (!webp) return null;
  const bytes = await encodeJpegImage(await decodeImage("webp", webp.bytes));
  await storage.put(jpegKey, bytes, "image/jpeg");
  return { bytes, contentType: "image/jpeg" };
}
