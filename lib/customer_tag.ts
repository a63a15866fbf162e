/**
 * A customer tag, staff's label for an account ("breeder", "trade"): the customers list filters by it
 * and a coupon may be limited to it (decision 0109). One shape for both, so they always agree.
 */
import { z } from "zod";

export const CUSTOMER_TAG_MAX = 30;

/**
 * One customer tag as stored: trimmed, runs of spaces made one, lower case (so "VIP" and "vip" are
 * one tag), 1-30 letters, digits, spaces, hyphens, apostrophes or "&", starting with a letter or digit.
 */
export const customerTag = z.string({ error: "A tag must be text." })
  .transform((v) => v.trim().replace(/\s+/g, " ").toLowerCase())
  .pipe(
    z.string()
      .min(1, "A tag cannot be empty.")
      .max(CUSTOMER_TAG_MAX, `A tag is at most ${CUSTOMER_TAG_MAX} characters.`)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} '&-]*$/u, "A tag may hold letters, digits, spaces, hyphens, apostrophes and &."),
  );
