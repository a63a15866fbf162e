/**
 * Review photos: at most 5 JPEG or PNG files of 5 MB each, stored and resized by the image pipeline
 * under the uploader's folder (`reviews/u<userId>/`, decision 0056), so a review can only ever point at
 * photos its own author uploaded to this shop.
 */
import type { FileStorage } from "../../lib/storage.ts";
import { ValidationError } from "../../lib/errors.ts";
import { ingestImage, MAX_IMAGE_BYTES, sniffImage } from "../media/mod.ts";
import { ownedReviewPhotoKey, reviewPhotoFolder } from "./photo_urls.ts";
import { MAX_REVIEW_PHOTOS, PHOTO_NOT_UPLOADED, TOO_MANY_PHOTOS } from "./schemas.ts";

export const PHOTO_WRONG_TYPE = "Photos must be JPG or PNG images";
export const PHOTO_TOO_LARGE = "Each photo must be 5 MB or smaller";

/**
 * A review's photos: the URLs it names (each must be a photo this shop stored for `userId`, else 400
 * 'Photos must be uploaded images') followed by the new files, checked (count, size, JPEG/PNG) and then
 * stored. Every check runs before anything is stored.
 */
export async function reviewPhotos(
  storage: FileStorage,
  userId: number,
  photos: { urls?: readonly string[]; files: readonly Uint8Array[] },
): Promise<string[]> {
  const urls = photos.urls ?? [];
  if (urls.length + photos.files.length > MAX_REVIEW_PHOTOS) throw new ValidationError(TOO_MANY_PHOTOS);
  for (const url of urls) {
    const key = ownedReviewPhotoKey(url, userId);
    // The storage's own URL for the key, not just the shape: no other host, no other spelling.
    if (!key || storage.publicUrl(key) !== url || !(await storage.get(key))) {
      throw new ValidationError(PHOTO_NOT_UPLOADED);
    }
  }
  for (const bytes of photos.files) {
    if (bytes.length > MAX_IMAGE_BYTES) throw new ValidationError(PHOTO_TOO_LARGE);
    const kind = sniffImage(bytes);
    if (kind !== "jpeg" && kind !== "png") throw new ValidationError(PHOTO_WRONG_TYPE);
  }
  const stored: string[] = [];
  for (const bytes of photos.files) stored.push((await ingestImage(storage, reviewPhotoFolder(userId), bytes)).url);
  return [...urls, ...stored];
}
