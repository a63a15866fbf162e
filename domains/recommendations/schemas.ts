/** Request shapes of the recommendations API. */
import { z } from "zod";
import { dbId } from "../../lib/ids.ts";
import { MAX_LIMIT } from "./rules.ts";

export const trackViewBody = z.object({
  productId: dbId("productId must be a positive whole number"),
  /** Seconds on the page; clamped to 0..3600 (a longer stay counts as an hour). */
  timeSpent: z.number({ error: "timeSpent must be a number of seconds" }).finite({
    error: "timeSpent must be a number of seconds",
  }).default(0),
}).strict();

const limitMessage = `limit must be a whole number from 1 to ${MAX_LIMIT}`;
const limit = z.coerce.number({ error: limitMessage }).int({ error: limitMessage }).min(1, { error: limitMessage })
  .max(MAX_LIMIT, { error: limitMessage }).optional();

export const limitQuery = z.object({ limit }).strict();
export const trendingQuery = z.object({
  limit,
  categoryId: dbId("categoryId must be a positive whole number").optional(),
}).strict();

/** The 'Add all to cart' form: the products (one field each), at most a page's list. */
export const bundleForm = z.object({
  productId: z.array(dbId("productId must be a positive whole number"), {
    error: "Choose the products to add",
  }).min(1, { error: "Choose the products to add" }).max(8, { error: "At most 8 products at once" }),
});
