/**
 * Reading a new review from a request: JSON {rating, title, content, photos?} or multipart/form-data
 * (the island and the no-JavaScript form) with the text fields and up to 5 files in `photos`. Shared by
 * POST /api/products/{id}/reviews and the product page's form post.
 */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { reviewBody, type ReviewInput, reviewPhotos, TOO_MANY_PHOTOS } from "../domains/reviews/mod.ts";
import { MAX_IMAGE_BYTES } from "../domains/media/mod.ts";
import { ValidationError } from "../lib/errors.ts";
import { readMultipart } from "./uploads.ts";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath, validationError } from "./validate.ts";
import { PHOTO_TOO_LARGE } from "../domains/reviews/mod.ts";

const TEXT_FIELDS = ["rating", "title", "content"];

/** The submission's text, validated, and its photo files (not yet stored). */
export async function readReviewSubmission(c: Context<AppEnv>): Promise<{ input: ReviewInput; files: Uint8Array[] }> {
  const multipart = /^multipart\/form-data/i.test(c.req.header("content-type") ?? "");
  let raw: unknown;
  const files: Uint8Array[] = [];
  if (multipart) {
    const body = await readMultipart(c);
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === "photos") continue;
      if (!TEXT_FIELDS.includes(key) || typeof value !== "string") {
        throw new ValidationError("Unexpected field in the review");
      }
      fields[key] = value;
    }
    const photos = [body.photos ?? []].flat().filter((f) => !(f instanceof File && f.size === 0 && !f.name));
    if (photos.length > 5) throw new ValidationError(TOO_MANY_PHOTOS);
    for (const f of photos) {
      if (!(f instanceof File)) throw new ValidationError("Photos must be image files");
      if (f.size > MAX_IMAGE_BYTES) throw new ValidationError(PHOTO_TOO_LARGE);
      files.push(new Uint8Array(await f.arrayBuffer()));
    }
    raw = fields;
  } else {
    try {
      raw = await c.req.json();
    } catch {
      throw new ValidationError("The request body must be JSON or a form");
    }
  }
  const bad = controlCharacterPath(raw);
  if (bad) {
    throw new ValidationError(CONTROL_CHARACTER_MESSAGE, [{ path: bad.join("."), message: CONTROL_CHARACTER_MESSAGE }]);
  }
  const parsed = reviewBody.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  if ((parsed.data.photos?.length ?? 0) + files.length > 5) throw new ValidationError(TOO_MANY_PHOTOS);
  return { input: parsed.data, files };
}

/** Checks the named photos are the signed-in reviewer's own uploads, stores the files, and lists them all. */
export async function withStoredPhotos(c: Context<AppEnv>, sub: { input: ReviewInput; files: Uint8Array[] }) {
  const photos = await reviewPhotos(c.var.storage, c.var.user!.id, { urls: sub.input.photos, files: sub.files });
  return { ...sub.input, photos };
}
