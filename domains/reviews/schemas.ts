/** The reviews domain's texts (spec 000 "Reviews block" and section 5) and edge schemas. */
import { z } from "zod";

export const TITLE_TOO_SHORT = "Title must be at least 3 characters";
export const TITLE_TOO_LONG = "Title cannot exceed 100 characters";
export const CONTENT_TOO_SHORT = "Review must be at least 10 characters";
export const CONTENT_TOO_LONG = "Review cannot exceed 1000 characters";
export const RATING_REQUIRED = "Please select a star rating for your review";
export const LOGIN_REQUIRED = "Please login to submit a review";
export const TOO_MANY_PHOTOS = "You can upload a maximum of 5 images per review";
export const NO_MATCHING_REVIEWS = "No reviews match the selected filters";
export const ALREADY_REVIEWED = "You have already reviewed this product";
export const OWN_REVIEW_VOTE = "You cannot vote on your own review";
export const REPLY_EMPTY = "Reply cannot be empty";
export const REPLY_TOO_LONG = "Reply cannot exceed 1000 characters";
export const REASON_REQUIRED = "Give a reason for the rejection; it is e-mailed to the author";
export const REVIEW_NOT_FOUND = "Review not found";
export const PHOTO_NOT_UPLOADED = "Photos must be uploaded images";

export const MAX_REVIEW_PHOTOS = 5;
export const REVIEWS_PAGE_SIZE = 5;

export const reviewSources = ["internal", "google", "amazon"] as const;
export type ReviewSourceTab = (typeof reviewSources)[number];
export const reviewSorts = ["recent", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/**
 * Photos already stored by this shop for this reviewer (the multipart route stores them; JSON may only
 * point at those). Only the type and length are checked here: ownership needs the user and the storage
 * (reviewPhotos in photos.ts).
 */
const photoUrl = z.string({ error: PHOTO_NOT_UPLOADED }).max(300, PHOTO_NOT_UPLOADED);

/** A new review (JSON or the text fields of the multipart form). */
export const reviewBody = z.object({
  rating: z.coerce.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(
    5,
    RATING_REQUIRED,
  ),
  title: z.string({ error: TITLE_TOO_SHORT }).trim().min(3, TITLE_TOO_SHORT).max(100, TITLE_TOO_LONG),
  content: z.string({ error: CONTENT_TOO_SHORT }).trim().min(10, CONTENT_TOO_SHORT).max(1000, CONTENT_TOO_LONG),
  photos: z.array(photoUrl).max(MAX_REVIEW_PHOTOS, TOO_MANY_PHOTOS).optional(),
}).strict();
export type ReviewInput = z.infer<typeof reviewBody>;

/** The list's query: ?rating=&source=&sort=&page= (unknown values fall back rather than fail). */
export const reviewQuery = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  source: z.enum(["all", ...reviewSources]).optional().catch(undefined),
  sort: z.enum(reviewSorts).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type ReviewQuery = z.infer<typeof reviewQuery>;

export const voteBody = z.object({ helpful: z.boolean({ error: "helpful must be true or false" }) }).strict();

export const replyBody = z.object({
  content: z.string({ error: REPLY_EMPTY }).trim().min(1, REPLY_EMPTY).max(1000, REPLY_TOO_LONG),
}).strict();

export const moderationStatuses = ["pending", "approved", "rejected"] as const;
export const moderationQuery = z.object({
  status: z.enum(moderationStatuses, { error: "status must be pending, approved or rejected" }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const moderationBody = z.object({
  status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
  reason: z.string().trim().max(1000, "The reason cannot exceed 1000 characters").optional(),
}).strict().refine((b) => b.status !== "rejected" || !!b.reason, { message: REASON_REQUIRED, path: ["reason"] });
