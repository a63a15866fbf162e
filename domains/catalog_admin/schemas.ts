/**
 * Request shapes of the catalogue's staff writes (products, variants, categories), shared by the JSON
 * API and the server-rendered admin forms. Money arrives as rand (a number or a decimal string) and
 * leaves as integer cents. Text refuses control characters (a NUL cannot reach the database).
 */
import { z } from "zod";

/** The largest amount numeric(10,2) holds, in cents. */
const MAX_CENTS = 9_999_999_999;
const MAX_ID = 2_147_483_647;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// deno-lint-ignore no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;

/** One line of text, trimmed, `label` naming it in messages. */
export function line(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL_OR_NEWLINE.test(v), `${label} must not contain control characters`);
}

/** Several lines of text (descriptions). */
export function paragraphs(label: string, max: number) {
  return z.string({ error: `${label} must be text` }).trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${label} must not contain control characters`);
}

/** Optional text: empty means none (null). */
export function optionalLine(label: string, max: number) {
  return line(label, max).nullable().transform((v) => (v ? v : null));
}

/** Rand as a number or a decimal string ("149.99") -> cents. */
export function money(label: string, negativeMessage: string) {
  return z.union([
    z.number({ error: `${label} must be a number` }),
    z.string().trim().regex(/^-?\d{1,8}(\.\d{1,2})?$/, `${label} must be an amount such as 149.99`)
      .transform(Number),
  ], { error: `${label} must be a number` })
    .refine((v) => Number.isFinite(v), `${label} must be a number`)
    .refine((v) => v >= 0, negativeMessage)
    .transform((v) => Math.round(v * 100))
    .refine((v) => v <= MAX_CENTS, `${label} is too large`);
}

/** A whole number from JSON or a form field. */
export function whole(label: string, min: number, max: number, minMessage = `${label} must be ${min} or more`) {
  return z.union([
    z.number({ error: `${label} must be a whole number` }),
    z.string().trim().regex(/^-?\d{1,10}$/, `${label} must be a whole number`).transform(Number),
  ], { error: `${label} must be a whole number` })
    .refine((v) => Number.isInteger(v), `${label} must be a whole number`)
    .refine((v) => v >= min, minMessage)
    .refine((v) => v <= max, `${label} must be ${max} or less`);
}

/** A non-negative measurement (kg or cm), up to 99,999. */
export function measure(label: string) {
  return z.union([
    z.number({ error: `${label} must be a number` }),
    z.string().trim().regex(/^\d{1,5}(\.\d{1,3})?$/, `${label} must be a number such as 1.5`).transform(Number),
  ], { error: `${label} must be a number` })
    .refine((v) => Number.isFinite(v) && v >= 0, `${label} must be 0 or more`)
    .refine((v) => v < 100_000, `${label} is too large`)
    .nullable();
}

export const bool = (label: string) => z.boolean({ error: `${label} must be true or false` });

const id = (label: string) => whole(label, 1, MAX_ID, `${label} must be a positive whole number`);

export const slugSchema = z.string({ error: "Slug must be text" }).trim().max(
  200,
  "Slug must be at most 200 characters",
)
  .regex(/^([a-z0-9]+(?:-[a-z0-9]+)*)?$/, "Slug may hold only lowercase letters, digits and single hyphens");

const sku = z.string({ error: "SKU must be text" }).trim()
  .min(1, "SKU must be 1 to 64 characters").max(64, "SKU must be 1 to 64 characters")
  .refine((v) => !CONTROL_OR_NEWLINE.test(v), "SKU must not contain control characters");

/** An image: a URL of ours (/media/...) or an https address. */
const imageUrl = z.string({ error: "Image must be text" }).trim().max(500, "Image address is too long")
  .refine((v) => v === "" || /^\/media\/[A-Za-z0-9/_.-]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/.test(v), {
    error: "Image must be an https:// address or an uploaded image",
  }).nullable().transform((v) => (v ? v : null));

/**
 * When a draft is to be published: an ISO time with its offset, or the form's "2026-12-01T09:00"
 * read as South African time (UTC+2, no daylight saving); empty for none.
 */
const publishAt = z.string({ error: "Publish at must be a date and time" }).trim()
  .regex(
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/,
    "Publish at must be a date and time such as 2026-12-01T09:00",
  )
  .transform((v) => (v ? new Date(/(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}+02:00`) : null))
  .refine((d) => d === null || !Number.isNaN(d.getTime()), "Publish at must be a real date and time")
  .nullable().transform((d) => d ?? null);

/** A publishing time as the form's box shows it: South African time, to the minute. */
export function publishAtFormValue(d: Date | null): string {
  return d ? new Date(d.getTime() + 2 * 3600_000).toISOString().slice(0, 16) : "";
}

/** A replacement interval in whole months (1 to 120), or none. */
function replacementMonths() {
  return whole("Replace every (months)", 1, 120).nullable();
}

const productFields = {
  name: line("Name", 200).pipe(z.string().min(1, "Name is required")),
  slug: slugSchema.optional(),
  sku,
  description: paragraphs("Description", 20_000),
  price: money("Price", "Price must be 0 or more"),
  salePrice: money("Sale price", "Sale price must be 0 or more").nullable(),
  stock: whole("Stock", 0, 1_000_000),
  categoryId: id("Category").nullable(),
  brand: optionalLine("Brand", 100),
  featured: bool("Featured"),
  isNew: bool("New"),
  metaTitle: optionalLine("Meta title", 200),
  metaDescription: optionalLine("Meta description", 500),
  fbCommerceId: optionalLine("Facebook commerce id", 100),
  fbRetailerId: optionalLine("Facebook retailer id", 100),
  fbAvailability: z.enum(["in stock", "out of stock", "preorder", "available for order", "discontinued"], {
    error: "Facebook availability must be one of in stock, out of stock, preorder, available for order, discontinued",
  }).nullable(),
  fbCondition: z.enum(["new", "refurbished", "used"], { error: "Facebook condition must be new, refurbished or used" })
    .nullable(),
  fbGtin: z.string({ error: "GTIN must be text" }).trim().regex(
    /^(\d{8}|\d{12,14})?$/,
    "GTIN must be 8, 12, 13 or 14 digits",
  )
    .nullable().transform((v) => (v ? v : null)),
  fbMpn: optionalLine("MPN", 64),
  fbLink: z.string({ error: "Facebook link must be text" }).trim().max(500, "Facebook link is too long")
    .regex(/^(https?:\/\/[^\s"'<>]+)?$/, "Facebook link must be an http(s) address")
    .nullable().transform((v) => (v ? v : null)),
  googleProductCategoryId: z.string({ error: "Google category id must be text" }).trim()
    .regex(/^\d{0,20}$/, "Google category id must be digits").nullable().transform((v) => (v ? v : null)),
  googleProductCategory: optionalLine("Google category", 300),
  weight: measure("Weight"),
  length: measure("Length"),
  width: measure("Width"),
  height: measure("Height"),
  pudoEligible: bool("PUDO eligible"),
  /** `draft`: saved and seen by staff only; `active`: on the storefront (decision 0069). */
  status: z.enum(["draft", "active"], { error: "Status must be draft or active" }),
  /** A draft is published at this time by the publishing job; ignored (cleared) for an active product. */
  publishAt,
  /** Months after which a bought unit is due for replacement (the reminders job); null: not a consumable. */
  replacementMonths: replacementMonths(),
  /** Low on stock at this many units or fewer (0: only when sold out); null: the shop's default (decision 0105). */
  lowStockAt: whole("Low-stock alert", 0, 1_000_000).nullable(),
};

/** POST /api/products and the new-product form. */
export const productCreateBody = z.object({
  ...productFields,
  description: productFields.description.default(""),
  salePrice: productFields.salePrice.default(null),
  stock: productFields.stock.default(0),
  categoryId: productFields.categoryId.default(null),
  featured: productFields.featured.default(false),
  isNew: productFields.isNew.default(false),
  pudoEligible: productFields.pudoEligible.default(true),
  status: productFields.status.default("active"),
}).partial({
  brand: true,
  metaTitle: true,
  metaDescription: true,
  fbCommerceId: true,
  fbRetailerId: true,
  fbAvailability: true,
  fbCondition: true,
  fbGtin: true,
  fbMpn: true,
  fbLink: true,
  googleProductCategoryId: true,
  googleProductCategory: true,
  weight: true,
  length: true,
  width: true,
  height: true,
  publishAt: true,
  replacementMonths: true,
  lowStockAt: true,
}).strict();
export type ProductCreate = z.infer<typeof productCreateBody>;

/** PUT /api/products/{id} and the edit form: any subset of the fields. */
export const productUpdateBody = z.object(productFields).partial().strict();
export type ProductUpdate = z.infer<typeof productUpdateBody>;

const arrivalDate = z.string({ error: "Expected arrival date must be a date" })
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Expected arrival date must be a date such as 2026-12-31")
  .refine((v) => v === "" || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Expected arrival date must be a real date")
  .nullable().transform((v) => (v ? v : null));

const variantFields = {
  name: line("Name", 100).pipe(z.string().min(1, "Name and SKU are required")),
  sku: z.string({ error: "SKU must be text" }).trim().min(1, "Name and SKU are required").pipe(sku),
  price: money("Price", "Price must be 0 or more"),
  salePrice: money("Sale price", "Sale price must be 0 or more").nullable(),
  stock: whole("Stock", 0, 1_000_000),
  dimensions: optionalLine("Dimensions", 60),
  preorder: bool("Pre-order"),
  preorderDiscount: z.number({ error: "Pre-order discount must be a number" })
    .min(0, "Pre-order discount must be between 0 and 100").max(100, "Pre-order discount must be between 0 and 100")
    .nullable(),
  arrivalDate,
};

/** POST /api/products/{id}/variants (the spec's body). */
export const variantCreateBody = z.object({
  ...variantFields,
  salePrice: variantFields.salePrice.default(null),
  stock: variantFields.stock.default(0),
  dimensions: variantFields.dimensions.default(null),
  preorder: variantFields.preorder.default(false),
  preorderDiscount: variantFields.preorderDiscount.default(null),
  arrivalDate: variantFields.arrivalDate.default(null),
}).strict();
export type VariantCreate = z.infer<typeof variantCreateBody>;

/** PUT /api/variants/{id}: the same body, any subset. */
export const variantUpdateBody = z.object(variantFields).partial().strict();
export type VariantUpdate = z.infer<typeof variantUpdateBody>;

const categoryFields = {
  name: line("Name", 100).pipe(z.string().min(1, "Name is required")),
  slug: slugSchema.optional(),
  description: paragraphs("Description", 5_000).nullable().transform((v) => (v ? v : null)),
  image: imageUrl,
  parentId: id("Parent category").nullable(),
  position: whole("Sort order", -100_000, 100_000),
  /** The category's replacement interval for the reminders job, when a product has none of its own. */
  replacementMonths: replacementMonths(),
};

/** POST /api/categories and the new-category form. */
export const categoryCreateBody = z.object({
  ...categoryFields,
  description: categoryFields.description.default(null),
  image: categoryFields.image.default(null),
  parentId: categoryFields.parentId.default(null),
  /** Absent: after its siblings (a new category goes last in the menu, not first). */
  position: categoryFields.position.optional(),
  replacementMonths: categoryFields.replacementMonths.default(null),
}).strict();
export type CategoryCreate = z.infer<typeof categoryCreateBody>;

/** PUT /api/categories/{id}: any subset. */
export const categoryUpdateBody = z.object(categoryFields).partial().strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateBody>;

/** Query string of /admin/products. */
export const adminProductQuery = z.object({
  q: z.string().trim().max(100, "Search must be at most 100 characters")
    .refine((v) => !CONTROL_OR_NEWLINE.test(v), "Search must not contain control characters").optional(),
  category: z.string().regex(/^(\d{1,9})?$/, "Category must be a category id").optional()
    .transform((v) => (v ? Number(v) : undefined)),
  stock: z.enum(["", "in", "low", "out"], { error: "Stock must be in, low or out" }).optional()
    .transform((v) => (v ? v : undefined)),
  archived: z.enum(["", "active", "archived", "all"], { error: "Archived must be active, archived or all" })
    .optional().transform((v) => (v ? v : "active")),
  status: z.enum(["", "draft", "active"], { error: "Status must be draft or active" }).optional()
    .transform((v) => (v ? v : undefined)),
  setup: z.enum(["", "none", "some"], { error: "Setup rules must be none or some" }).optional()
    .transform((v) => (v ? v : undefined)),
  page: z.string().regex(/^\d{1,4}$/, "Page must be a whole number").optional()
    .transform((v) => Math.max(1, Number(v ?? 1))),
});
export type AdminProductQuery = z.infer<typeof adminProductQuery>;

/** The product form's text fields, in the order the form shows them. */
export const PRODUCT_TEXT_FIELDS = [
  "status",
  "name",
  "slug",
  "sku",
  "description",
  "price",
  "salePrice",
  "stock",
  "lowStockAt",
  "categoryId",
  "brand",
  "metaTitle",
  "metaDescription",
  "fbCommerceId",
  "fbRetailerId",
  "fbAvailability",
  "fbCondition",
  "fbGtin",
  "fbMpn",
  "fbLink",
  "googleProductCategoryId",
  "googleProductCategory",
  "weight",
  "length",
  "width",
  "height",
  "publishAt",
  "replacementMonths",
] as const;
/** The product form's switches (an unticked box is not sent, so absent means false). */
export const PRODUCT_FLAGS = ["featured", "isNew", "pudoEligible"] as const;

/** Fields whose empty box is sent as it is (the schema names what is missing); every other empty box is none (null). */
const SENT_WHEN_EMPTY = new Set<string>(["name", "sku", "description", "price"]);
/**
 * Fields whose empty box is left out: slug (made from the name), stock (0, or the variants' sum) and
 * status (active for a new product, unchanged for an edit).
 */
const OMITTED_WHEN_EMPTY = new Set<string>(["slug", "stock", "status"]);

/**
 * A submitted product form as the API's body: boxes left empty become null (or are left out: slug,
 * stock), ticked switches true, missing ones false. Fields the form did not carry are not sent, so
 * stock of a product with variants (not on the form) is never touched.
 */
export function productFormBody(form: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of PRODUCT_TEXT_FIELDS) {
    const raw = form[field];
    if (raw === undefined) continue;
    if (typeof raw !== "string") {
      body[field] = raw; // a file or a list: the schema refuses it with the field's message
      continue;
    }
    if (raw.trim() !== "" || SENT_WHEN_EMPTY.has(field)) body[field] = raw;
    else if (!OMITTED_WHEN_EMPTY.has(field)) body[field] = null;
  }
  for (const flag of PRODUCT_FLAGS) body[flag] = form[flag] === "on" || form[flag] === "true";
  return body;
}

/** A submitted category form as the API's body (the uploaded image is handled by the route). */
export function categoryFormBody(form: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ["name", "slug", "description", "parentId", "position", "image", "replacementMonths"] as const) {
    const raw = form[field];
    if (raw === undefined) continue;
    if (typeof raw !== "string") body[field] = raw;
    else if (raw.trim() === "") {
      if (["parentId", "description", "image", "replacementMonths"].includes(field)) body[field] = null;
    } else body[field] = raw;
  }
  return body;
}

/** A product's option types: at most three, each with at most 20 values (decision 0070). */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
/** The most variants one product's options may multiply out to (the editor stays readable). */
export const MAX_OPTION_COMBINATIONS = 100;
export const TOO_MANY_OPTIONS = "A product can have at most 3 options";
export const TOO_MANY_COMBINATIONS = "The options make more than 100 combinations";

const optionValue = line("Option value", 30).pipe(z.string().min(1, "Option values cannot be empty"))
  .refine((v) => !v.includes(","), "Option values cannot contain commas")
  .refine((v) => !v.includes("/"), "Option values cannot contain a slash");

const productOption = z.object({
  name: line("Option name", 30).pipe(z.string().min(1, "Option name is required")),
  values: z.array(optionValue, { error: "Option values must be a list" })
    .min(1, "Each option needs at least one value")
    .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values`),
}).strict();
export type ProductOption = z.infer<typeof productOption>;

/** PUT /api/products/{id}/options and the options form: the whole list, replacing the old one. */
export const productOptionsBody = z.object({
  options: z.array(productOption, { error: "Options must be a list" }).max(MAX_OPTIONS, TOO_MANY_OPTIONS),
}).strict().superRefine((body, ctx) => {
  const names = new Set<string>();
  body.options.forEach((option, i) => {
    const name = option.name.toLowerCase();
    if (names.has(name)) {
      ctx.addIssue({ code: "custom", path: ["options", i, "name"], message: "Each option needs its own name" });
    }
    names.add(name);
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(value.toLowerCase())) {
        ctx.addIssue({
          code: "custom",
          path: ["options", i, "values", j],
          message: `${option.name} lists ${value} twice`,
        });
      }
      values.add(value.toLowerCase());
    });
  });
  const combinations = body.options.reduce((n, o) => n * o.values.length, 1);
  if (body.options.length && combinations > MAX_OPTION_COMBINATIONS) {
    ctx.addIssue({ code: "custom", path: ["options"], message: TOO_MANY_COMBINATIONS });
  }
});
export type ProductOptionsInput = z.infer<typeof productOptionsBody>;

/**
 * The options form (no JavaScript): option1Name / option1Values ... option3Name / option3Values,
 * values comma-separated; a row left wholly empty is no option.
 */
export function optionsFormBody(form: Record<string, string>): unknown {
  const options: { name: string; values: string[] }[] = [];
  for (let i = 1; i <= MAX_OPTIONS + 1; i++) {
    const name = form[`option${i}Name`] ?? "";
    const values = form[`option${i}Values`] ?? "";
    if (!name.trim() && !values.trim()) continue;
    options.push({
      name,
      values: values.split(",").map((v) => v.trim()).filter((v, _j, all) => v || all.length === 1),
    });
  }
  return { options };
}
