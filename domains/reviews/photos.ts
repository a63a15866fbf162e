/** Review photos: at most 5 JPEG or PNG files of 5 MB each, stored and resized by the image pipeline. */
import type { FileStorage } from "../../lib/storage.ts";
import { ValidationError } from "../../lib/errors.ts";
import { ingestImage, MAX_IMAGE_BYTES, sniffImage } from "../media/mod.ts";
import { MAX_REVIEW_PHOTOS, TOO_MANY_PHOTOS } from "./schemas.ts";

export const PHOTO_WRONG_TYPE = "Photos must be JPG or PNG images";
export const PHOTO_TOO_LARGE = "Each photo must be 5 MB or smaller";

/** Checks every photo first (count, size, JPEG/PNG), then stores them; returns their URLs. */
export async function storeReviewPhotos(storage: FileStorage, files: Uint8Array[]): Promise<string[]> {
  if (files.length > MAX_REVIEW_PHOTOS) throw new ValidationError(TOO_MANY_PHOTOS);
  for (const bytes of files) {
    if (bytes.length > MAX_IMAGE_BYTES) throw new ValidationError(PHOTO_TOO_LARGE);
    const kind = sniffImage(bytes);
    if (kind !== "jpeg" && kind !== "png") throw new ValidationError(PHOTO_WRONG_TYPE);
  }
  const urls: string[] = [];
  for (const bytes of files) urls.push((await ingestImage(storage, "reviews", bytes)).url);
  return urls;
}
