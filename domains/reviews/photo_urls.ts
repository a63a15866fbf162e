/**
 * Which photo URLs a review may carry (decision 0056). A review photo is stored under a key namespaced
 * by its uploader, `reviews/u<userId>/<32 hex>-<width>.webp`, so a URL names its owner and a review can
 * only show photos its own author uploaded. Pure string work: the row mapper applies it to every
 * review it reads, so a stored row with a hostile URL (`/media/reviews/../../logout`, another host,
 * another customer's photo) is never rendered as an image or a link.
 */

/** Where a storage's public URLs can start: `/media` (local folder, memory) or a bucket's plain http(s) base. */
const PUBLIC_BASE = /^(?:\/media|https?:\/\/[a-z0-9.-]+(?::\d{1,5})?(?:\/[a-z0-9_~-][a-z0-9._~-]*)*)\/(reviews\/.+)$/i;
/** An uploader's photo, largest stored width (never above 1200, see lib/image_sizes.ts). */
const OWNED_KEY = /^reviews\/u([1-9]\d{0,9})\/[0-9a-f]{32}-([1-9]\d{0,3})\.webp$/;
/** Photos stored before keys carried their uploader: shown, never accepted on a new review. */
const LEGACY_KEY = /^reviews\/[0-9a-f]{32}-([1-9]\d{0,3})\.webp$/;

/** The folder a customer's review photos are stored in. */
export function reviewPhotoFolder(userId: number): `reviews/u${number}` {
  if (!Number.isSafeInteger(userId) || userId < 1) throw new TypeError(`not a user id: ${userId}`);
  return `reviews/u${userId}`;
}

function keyOf(url: string): string | null {
  if (typeof url !== "string" || url.length > 300) return null;
  const m = PUBLIC_BASE.exec(url);
  return m ? m[1] : null;
}

/**
 * The storage key of `url` when it is a review photo uploaded by `userId`, else null. Only the key's
 * shape is checked here; the submission also checks that the storage's own URL for the key is `url`
 * and that the file exists (acceptReviewPhotos).
 */
export function ownedReviewPhotoKey(url: string, userId: number | null): string | null {
  const key = keyOf(url);
  const m = key ? OWNED_KEY.exec(key) : null;
  if (!m || Number(m[1]) !== userId || Number(m[2]) > 1200) return null;
  return key;
}

/**
 * The photos of a stored review that may be shown: its author's own uploads, and photos stored before
 * keys carried an uploader (content-hashed names this shop made, so nothing to climb out of). Anything
 * else is dropped, never rendered.
 */
export function showableReviewPhotos(urls: readonly string[] | null | undefined, authorId: number | null): string[] {
  return (urls ?? []).filter((url) => {
    if (ownedReviewPhotoKey(url, authorId)) return true;
    const legacy = LEGACY_KEY.exec(keyOf(url) ?? "");
    return legacy !== null && Number(legacy[1]) <= 1200;
  });
}
