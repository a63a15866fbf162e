/** Edge schemas of the admin users API (/api/admin/users). */
import { z } from "zod";
import { plainText } from "../../lib/plain_text.ts";
import { CUSTOMER_TAG_MAX, customerTag } from "../../lib/customer_tag.ts";

export { CUSTOMER_TAG_MAX, customerTag };

const ROLES = ["customer", "admin", "super_admin"] as const;
// deno-lint-ignore no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;

export const CUSTOMER_TAGS_MAX = 10;

/** The customers list's orders (decision 0113). */
export const USER_SORTS = ["newest", "spent", "orders", "last_order"] as const;
export type UserSort = typeof USER_SORTS[number];

export const userListQuery = z.object({
  q: z.string().max(100).regex(NO_CONTROL, "Remove control characters").optional(),
  role: z.enum(ROLES, { error: "Unknown role" }).optional().or(z.literal("").transform(() => undefined)),
  tag: z.literal("").transform(() => undefined).or(customerTag).optional(),
  /** Newest accounts first (the default), or by purchases: most spent, most orders, latest order. */
  sort: z.enum(USER_SORTS, { error: "sort must be newest, spent, orders or last_order" }).default("newest"),
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1).max(100_000).default(1),
});

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
 * every account the customers list's `filter` (search, role, tag) matches; one of the two.
 */
export const bulkTagsBody = z.object({
  change: z.enum(["add", "remove"], { error: "change must be add or remove" }),
  tag: customerTag,
  ids: z.array(userIdParam.shape.id, { error: "ids must be a list of account ids" })
    .min(1, "Tick at least one account.").max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} accounts at a time.`).optional(),
  filter: userListQuery.omit({ page: true, sort: true }).strict().optional(),
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
});
