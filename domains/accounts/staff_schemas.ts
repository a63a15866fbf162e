/** Edge schemas of the admin users API (/api/admin/users). */
import { z } from "zod";
import { plainText } from "../../lib/plain_text.ts";
import { CUSTOMER_TAG_MAX, customerTag } from "../../lib/customer_tag.ts";
import { optionalDate } from "../../lib/sa_dates.ts";

export { CUSTOMER_TAG_MAX, customerTag };

const ROLES = ["customer", "admin", "super_admin"] as const;
// deno-lint-ignore no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;

export const CUSTOMER_TAGS_MAX = 10;

/** The customers list's orders (decision 0113). */
export const USER_SORTS = ["newest", "spent", "orders", "last_order"] as const;
export type UserSort = typeof USER_SORTS[number];

/** An empty form field counts as absent. */
const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const orderCount = (label: string) =>
  z.preprocess(
    blankIsAbsent,
    z.coerce.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`).max(1_000_000, `${label} is at most 1000000`).optional(),
  );

/** The purchase filter's fields (decision 0114); the list's query, the CSV and the bulk tag's filter share them. */
const purchaseFields = {
  /** Spent at least this many rand, net of refunds. */
  minSpent: z.preprocess(
    blankIsAbsent,
    z.coerce.number({ error: "Spent at least must be an amount in rand" })
      .min(0, "Spent at least must be 0 or more").max(100_000_000, "Spent at least is at most R100 000 000")
      .optional(),
  ),
  minOrders: orderCount("Orders at least"),
  maxOrders: orderCount("Orders at most"),
  /** The last purchase on or after this South African day. */
  lastOrderFrom: optionalDate,
  /** The last purchase before this South African day. */
  lastOrderBefore: optionalDate,
};

/** A filter whose lower bound passes its upper one finds nobody: say so rather than show an empty list. */
function boundsInOrder(f: PurchaseFields, ctx: z.RefinementCtx) {
  if (f.minOrders !== undefined && f.maxOrders !== undefined && f.minOrders > f.maxOrders) {
    ctx.addIssue({ code: "custom", message: "Orders at least is more than orders at most.", path: ["minOrders"] });
  }
  if (f.lastOrderFrom && f.lastOrderBefore && f.lastOrderFrom >= f.lastOrderBefore) {
    ctx.addIssue({
      code: "custom",
      message: "The last-order dates leave no day: the first must come before the second.",
      path: ["lastOrderFrom"],
    });
  }
}

type PurchaseFields = { [K in keyof typeof purchaseFields]?: z.output<(typeof purchaseFields)[K]> };

const userListFields = z.object({
  q: z.string().max(100).regex(NO_CONTROL, "Remove control characters").optional(),
  role: z.enum(ROLES, { error: "Unknown role" }).optional().or(z.literal("").transform(() => undefined)),
  tag: z.literal("").transform(() => undefined).or(customerTag).optional(),
  ...purchaseFields,
  /** Newest accounts first (the default), or by purchases: most spent, most orders, latest order. */
  sort: z.enum(USER_SORTS, { error: "sort must be newest, spent, orders or last_order" }).default("newest"),
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1).max(100_000).default(1),
});

export const userListQuery = userListFields.superRefine(boundsInOrder);
export type UserListQuery = z.output<typeof userListQuery>;
/** The list's filter without its order and page: what the CSV and a bulk change by filter take. */
export const userListFilter = userListFields.omit({ page: true, sort: true }).strict().superRefine(boundsInOrder);
export type UserListFilter = z.output<typeof userListFilter>;

/** The filter's fields as URL parameters: the list's links and the bulk form's hidden copy of the filter. */
export const USER_FILTER_KEYS = [
  "q",
  "role",
  "tag",
  "minSpent",
  "minOrders",
  "maxOrders",
  "lastOrderFrom",
  "lastOrderBefore",
] as const satisfies (keyof UserListFilter)[];
export type UserFilterParams = Record<typeof USER_FILTER_KEYS[number], string>;

/** A parsed filter back as the strings a link or a form field carries ("" for absent). */
export function userFilterParams(filter: UserListFilter): UserFilterParams {
  return Object.fromEntries(
    USER_FILTER_KEYS.map((k) => [k, k === "q" ? filter.q?.trim() ?? "" : String(filter[k] ?? "")]),
  ) as UserFilterParams;
}

export const userIdParam = z.object({
  id: z.coerce.number({ error: "User not found" }).int().min(1).max(2_147_483_647, "User not found"),
});

/** PATCH /api/admin/users/{id}: a role, a disabled flag, or both. */
export const userPatchBody = z.object({
  role: z.enum(ROLES, { error: "Role must be customer, admin or super_admin" }).optional(),
  disabled: z.boolean({ error: "disabled must be true or false" }).optional(),
}).strict().refine((b) => b.role !== undefined || b.disabled !== undefined, {
  message: "Send a role or disabled",
});

export const STAFF_NOTE_MAX = 2000;

/** PUT /api/admin/users/{id}/note: the whole note ("" removes it). */
export const userNoteBody = z.object({
  note: plainText("The note", { lines: true }).pipe(
    z.string().max(STAFF_NOTE_MAX, `A note is at most ${STAFF_NOTE_MAX} characters.`),
  ),
}).strict();

/** PUT /api/admin/users/{id}/tags: the customer's whole set of tags ([] removes them all), repeats dropped. */
export const userTagsBody = z.object({
  tags: z.array(customerTag, { error: "tags must be a list of tags" })
    .transform((tags) => [...new Set(tags)])
    .refine((tags) => tags.length <= CUSTOMER_TAGS_MAX, `A customer has at most ${CUSTOMER_TAGS_MAX} tags.`),
}).strict();

/** Most accounts in one bulk tag change (domains/accounts/tags.ts MAX_BULK_TAG_ACCOUNTS). */
const MAX_BULK_IDS = 5_000;

/**
 * POST /api/admin/users/tags/bulk: one tag added to or removed from the accounts `ids` names, or from
 * every account the customers list's `filter` (search, role, tag, purchases) matches; one of the two.
 */
export const bulkTagsBody = z.object({
  change: z.enum(["add", "remove"], { error: "change must be add or remove" }),
  tag: customerTag,
  ids: z.array(userIdParam.shape.id, { error: "ids must be a list of account ids" })
    .min(1, "Tick at least one account.").max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} accounts at a time.`).optional(),
  filter: userListFilter.optional(),
}).strict().refine((b) => (b.ids === undefined) !== (b.filter === undefined), {
  message: "Send either ids or filter.",
});

/** POST /api/admin/users/tags/rename: every account's (and tagged coupon's) `from` becomes `to`. */
export const renameTagBody = z.object({
  from: customerTag,
  to: customerTag,
}).strict().refine((b) => b.from !== b.to, { message: "The new name is the same as the old one.", path: ["to"] });

export const renameTagResult = z.object({
  accounts: z.number().int().describe("Accounts that carried the tag (merged where they already had the new one)"),
  coupons: z.number().int().describe("Coupons kept for customers with the tag, now kept for the new one"),
  rules: z.number().int().describe("Automatic tag rules that keep or filter by the tag, now by the new one"),
});

/** Whether the filter narrows by purchases at all: "spent at least R0" and "at least 0 orders" find everyone. */
function narrowsByPurchases(f: PurchaseFields): boolean {
  return (f.minSpent ?? 0) > 0 || (f.minOrders ?? 0) > 0 || f.maxOrders !== undefined || !!f.lastOrderFrom ||
    !!f.lastOrderBefore;
}

/** POST /api/admin/users/tag-rules: keep `tag` on every account `filter` finds, from now on. */
export const tagRuleBody = z.object({
  tag: customerTag,
  filter: userListFilter,
}).strict().superRefine((b, ctx) => {
  if (!narrowsByPurchases(b.filter)) {
    ctx.addIssue({
      code: "custom",
      message: "An automatic tag needs a purchase filter: spent, orders or last order.",
      path: ["filter"],
    });
  }
  if (b.filter.tag === b.tag) {
    ctx.addIssue({ code: "custom", message: "A rule cannot filter by its own tag.", path: ["filter", "tag"] });
  }
});
export type TagRuleBody = z.output<typeof tagRuleBody>;

export const tagRuleIdParam = z.object({
  id: z.coerce.number({ error: "Rule not found" }).int().min(1).max(2_147_483_647, "Rule not found"),
});

export const tagRuleOutput = z.object({
  id: z.number().int(),
  tag: z.string(),
  filter: z.record(z.string(), z.union([z.string(), z.number()])).describe("The customers list's filter it keeps"),
  description: z.string().describe("The filter in words"),
  createdAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastAdded: z.number().int().describe("Accounts that gained the tag at the last run"),
  lastRemoved: z.number().int().describe("Accounts that lost it, no longer matching"),
  lastFull: z.number().int().describe(`Accounts found that already carry ${CUSTOMER_TAGS_MAX} tags, left without it`),
});
