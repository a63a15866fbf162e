/** Edge schemas of the stock history's read route. */
import { z } from "zod";
import { STOCK_REASONS } from "./record.ts";

export const stockHistoryQuery = z.object({
  page: z.coerce.number({ error: "Page must be a whole number" }).int("Page must be a whole number")
    .min(1, "Page must be 1 or more").max(10_000, "Page must be 10000 or less").default(1),
  pageSize: z.coerce.number({ error: "Page size must be a whole number" }).int("Page size must be a whole number")
    .min(1, "Page size must be 1 or more").max(200, "Page size must be 200 or less").default(50),
});
export type StockHistoryQuery = z.infer<typeof stockHistoryQuery>;

export const stockMovementOutput = z.object({
  id: z.number().int(),
  variantId: z.number().int().nullable(),
  variantName: z.string().nullable(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The movement read as a sentence: "-2 (sale, order RB-1) -> 8 left, 27 Nov 10:14". */
  text: z.string(),
});

export const stockHistoryOutput = z.object({
  productId: z.number().int(),
  items: z.array(stockMovementOutput),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type StockHistoryOutput = z.infer<typeof stockHistoryOutput>;
