import assert from "node:assert/strict";
import { ownedReviewPhotoKey, reviewPhotoFolder, showableReviewPhotos } from "./photo_urls.ts";

const HASH = "0123456789abcdef0123456789abcdef";

Deno.test("[review photos] a URL names its uploader: only the author's own key is theirs", () => {
  assert.equal(ownedReviewPhotoKey(`/media/reviews/u7/${HASH}-1200.webp`, 7), `reviews/u7/${HASH}-1200.webp`);
  assert.equal(
    ownedReviewPhotoKey(`https://cdn.example.co.za/shop/reviews/u7/${HASH}-640.webp`, 7),
    `reviews/u7/${HASH}-640.webp`,
  );
  assert.equal(ownedReviewPhotoKey(`/media/reviews/u7/${HASH}-1200.webp`, 8), null, "another customer's photo");
  assert.equal(ownedReviewPhotoKey(`/media/reviews/u7/${HASH}-1200.webp`, null), null);
  assert.equal(ownedReviewPhotoKey(`/media/reviews/${HASH}-1200.webp`, 7), null, "no uploader in the key");
  assert.equal(reviewPhotoFolder(7), "reviews/u7");
  assert.throws(() => reviewPhotoFolder(0), TypeError);
});

Deno.test("[review photos] hostile URLs are nobody's photos", () => {
  for (
    const url of [
      "/media/reviews/../../logout",
      `/media/reviews/u7/../../../logout`,
      `/media/reviews/u7/../u7/${HASH}-1200.webp`,
      `/media/../reviews/u7/${HASH}-1200.webp`,
      `/media/./reviews/u7/${HASH}-1200.webp`,
      `/media/reviews/u7/${HASH}-1200.webp?x=1`,
      `/media/reviews/u7/${HASH}-1200.webp#x`,
      `/media/reviews/u7/${HASH}-9999.webp`,
      `/media/reviews/u07/${HASH}-1200.webp`,
      `/media/reviews/u7/${HASH.toUpperCase()}-1200.webp`,
      `//evil.example/reviews/u7/${HASH}-1200.webp`,
      `https://user@evil.example/reviews/u7/${HASH}-1200.webp`,
      `javascript:alert(1)//reviews/u7/${HASH}-1200.webp`,
      `https://evil.example/x/../reviews/u7/${HASH}-1200.webp`,
      `/static/reviews/u7/${HASH}-1200.webp`,
      "",
    ]
  ) {
    assert.equal(ownedReviewPhotoKey(url, 7), null, url);
    assert.deepEqual(showableReviewPhotos([url], 7), [], url);
  }
});

Deno.test("[review photos] a stored review shows its author's photos and pre-rule uploads, nothing else", () => {
  const own = `/media/reviews/u7/${HASH}-1200.webp`;
  const legacy = `/media/reviews/${HASH}-640.webp`;
  const stored = [own, "/media/reviews/../../logout", `/media/reviews/u8/${HASH}-1200.webp`, legacy];
  assert.deepEqual(showableReviewPhotos(stored, 7), [own, legacy]);
  assert.deepEqual(showableReviewPhotos(null, 7), []);
});
