/**
 * POST /api/admin/products/bulk: which products (ids, or every product matching the admin list's
 * filter) and what to do to them, one action a request (decision 0072).
 */
import { z } from "zod";
import { dbId } from "../../lib/ids.ts";

/** At most this many ids in one request. */
export const MAX_BULK_IDS = 500;
/** At most this many products matching a filter ("all N matching"): one transaction holds their locks. */
export const MAX_BULK_MATCHES = 1000;
/** The largest price numeric(10,2) keeps, in cents. */
export const MAX_PRICE_CENTS = 9_999_999_999;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The products list's filter (routes/admin/products.tsx), as JSON. */
export const bulkFilter = z.object({
  q: z.string({ error: "Search must be text" }).trim().max(100, "Search must be at most 100 characters")
    .refine((v) => !CONTROL.test(v), "Search must not contain control characters").optional(),
  category: dbId("Category must be a category id").optional(),
  stock: z.enum(["in", "low", "out"], { error: "Stock must be in, low or out" }).optional(),
  archived: z.enum(["active", "archived", "all"], { error: "Archived must be active, archived or all" })
    .default("active"),
  status: z.enum(["draft", "active"], { error: "Status must be draft or active" }).optional(),
  setup: z.enum(["none", "some"], { error: "Setup rules must be none or some" }).optional(),
}).strict();
export type BulkFilter = z.infer<typeof bulkFilter>;

const target = {
  ids: z.array(dbId("Each id must be a product id"), { error: "Ids must be a list of product ids" })
    .min(1, "Choose at least one product")
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} products at once`)
    .optional(),
  filter: bulkFilter.optional(),
};

const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** A percentage with at most two decimals: -99.99 to 1000, not 0. */
const percent = z.number({ error: "Percent must be a number" })
  .refine((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: "Percent must have at most two decimals",
  })
  .refine((v) => v > -100, "Percent must be above -100")
  .refine((v) => v <= 1000, "Percent must be 1000 or less")
  .refine((v) => v !== 0, "Percent must not be 0");

/** A rand amount with at most two decimals, -100000 to 100000, not 0; kept as cents. */
const amount = z.number({ error: "Amount must be a number" })
  .refine((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: "Amount must be in rand and cents, such as -20 or 12.50",
  })
  .refine((v) => Math.abs(v) <= 100_000, "Amount must be between -100000 and 100000")
  .refine((v) => v !== 0, "Amount must not be 0")
  .transform((v) => Math.round(v * 100));

export const bulkInput = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("set_category"),
    categoryId: dbId("Category must be a category id").nullable(),
    ...target,
  })
    .strict(),
  z.object({
    action: z.literal("set_status"),
    status: z.enum(["draft", "active"], { error: "Status must be draft or active" }),
    ...target,
  }).strict(),
  z.object({ action: z.literal("archive"), ...target }).strict(),
  z.object({ action: z.literal("unarchive"), ...target }).strict(),
  z.object({ action: z.literal("set_featured"), value: bool("Featured"), ...target }).strict(),
  z.object({ action: z.literal("set_new"), value: bool("New"), ...target }).strict(),
  z.object({
    action: z.literal("adjust_price"),
    by: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("percent"), percent }).strict(),
      z.object({ kind: z.literal("amount"), amount }).strict(),
    ], { error: "By must be a percent or an amount" }),
    ...target,
  }).strict(),
  z.object({
    action: z.literal("set_stock"),
    stock: z.number({ error: "Stock must be a whole number" }).int("Stock must be a whole number")
      .min(0, "Stock must be 0 or more").max(1_000_000, "Stock must be 1000000 or less"),
    ...target,
  }).strict(),
  z.object({
    action: z.literal("set_low_stock_at"),
    /** Null: back to the shop's default (decision 0105). */
    lowStockAt: z.number({ error: "Low-stock alert must be a whole number" })
      .int("Low-stock alert must be a whole number").min(0, "Low-stock alert must be 0 or more")
      .max(1_000_000, "Low-stock alert must be 1000000 or less").nullable(),
    ...target,
  }).strict(),
], {
  error: (issue) =>
    issue.code === "invalid_union"
      ? "Action must be one of set_category, set_status, archive, unarchive, set_featured, set_new, adjust_price, set_stock, set_low_stock_at"
      : undefined,
}).superRefine((v, ctx) => {
  if ((v.ids === undefined) === (v.filter === undefined)) {
    ctx.addIssue({ code: "custom", path: ["ids"], message: "Give either ids or a filter" });
  }
});
export type BulkInput = z.infer<typeof bulkInput>;
export type BulkAction = BulkInput["action"];

export const bulkOutput = z.object({
  /** Products changed. */
  updated: z.number().int(),
  /** Products left as they were, each with the reason. */
  skipped: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), reason: z.string() })),
});
export type BulkOutput = z.infer<typeof bulkOutput>;
