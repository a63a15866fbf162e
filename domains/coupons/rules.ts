/**
 * The coupon form's rules and texts (spec 001 sections 2, 5 and 8) as plain code with no imports, so
 * the server's zod schema and the CouponManager island share one set of rules and words (zod never
 * ships to the browser).
 */

export const COUPON_TYPES = ["percentage", "fixed_amount", "free_shipping", "buy_x_get_y", "first_time"] as const;
export type CouponTypeId = (typeof COUPON_TYPES)[number];

export const COUPON_TYPE_LABELS: Record<CouponTypeId, string> = {
  percentage: "Percentage",
  fixed_amount: "Fixed amount",
  free_shipping: "Free shipping",
  buy_x_get_y: "Buy X get Y",
  first_time: "First time",
};

/** Spec 001 section 5, word for word. */
export const COUPON_MESSAGES = {
  codeShort: "Coupon code must be at least 3 characters",
  codeLong: "Coupon code must be at most 20 characters",
  codeChars: "Coupon code can only contain letters, numbers, underscores and hyphens",
  description: "Description is required",
  value: "Value must be a positive number",
  minOrderValue: "Minimum order value must be a non-negative number",
  maxDiscount: "Maximum discount must be a positive number",
  usageLimit: "Usage limit must be a positive number",
  userLimit: "User limit must be a positive number",
  // The spec names these rules without words of its own.
  startDate: "Start date is required",
  endDate: "End date cannot be before the start date",
  type: "Choose a coupon type",
  percentTooHigh: "A percentage cannot be more than 100",
  tooLarge: "Amounts cannot be more than 99,999,999.99",
  decimals: "Use at most 2 decimals",
  descriptionLong: "Description must be at most 500 characters",
  control: "Remove control characters",
} as const;

/** Spec 001 section 8: the screen's toasts. */
export const COUPON_TOASTS = {
  created: "Coupon Created",
  updated: "Coupon Updated",
  deleted: "Coupon Deleted",
  loadFailed: "Failed to load coupons. Please try again.",
  createFailed: "Failed to create coupon. Please try again.",
  updateFailed: "Failed to update coupon. Please try again.",
  deleteFailed: "Failed to delete coupon. Please try again.",
} as const;

/** The delete confirmation of spec 001. */
export function deleteCouponQuestion(code: string): string {
  return `Are you sure you want to delete the coupon code "${code}"? This action cannot be undone.`;
}

/** The empty list of spec 001 with a search term. */
export function noMatchText(search: string): string {
  return `No coupons match "${search}". Try a different search term.`;
}

/** A coupon as the API takes it (spec 001 section 7): rand as numbers, dates as yyyy-mm-dd or ISO. */
export interface CouponBody {
  code: string;
  description: string;
  type: CouponTypeId;
  value: number;
  minOrderValue: number | null;
  maxDiscount: number | null;
  startDate: string;
  endDate: string | null;
  usageLimit: number | null;
  userLimit: number;
  firstTimeOnly: boolean;
  /** Only customers staff tagged so may use it (lower case); null for everyone. */
  customerTag: string | null;
  active: boolean;
  categoryId: number | null;
  productId: number | null;
}

export interface CouponIssue {
  path: string;
  message: string;
}

const MAX_AMOUNT = 99_999_999.99;
const MAX_INT = 2_147_483_647;
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function twoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/**
 * A date field as an instant: a bare day (the form's date input) is that day in South Africa (UTC+2,
 * no daylight saving), its start for a start date and its last millisecond for an end date.
 */
export function couponDate(value: string, edge: "start" | "end"): Date | null {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const text = day ? `${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}+02:00` : value;
  if (!day && !/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 ? null : date;
}

/** The rules of spec 001 section 5 over a typed body: every problem, by field, in form order. */
export function couponIssues(body: CouponBody): CouponIssue[] {
  const issues: CouponIssue[] = [];
  const add = (path: string, message: string) => {
    if (!issues.some((i) => i.path === path)) issues.push({ path, message });
  };
  const code = body.code.trim();
  if (code.length < 3) add("code", COUPON_MESSAGES.codeShort);
  else if (code.length > 20) add("code", COUPON_MESSAGES.codeLong);
  else if (!/^[A-Za-z0-9_-]+$/.test(code)) add("code", COUPON_MESSAGES.codeChars);
  const description = body.description.trim();
  if (description.length < 5) add("description", COUPON_MESSAGES.description);
  else if (description.length > 500) add("description", COUPON_MESSAGES.descriptionLong);
  else if (CONTROL.test(description)) add("description", COUPON_MESSAGES.control);
  if (!COUPON_TYPES.includes(body.type)) add("type", COUPON_MESSAGES.type);
  const amount = (path: string, n: number | null, positive: boolean, message: string) => {
    if (n === null) return;
    if (!Number.isFinite(n) || (positive ? n <= 0 : n < 0)) add(path, message);
    else if (n > MAX_AMOUNT) add(path, COUPON_MESSAGES.tooLarge);
    else if (!twoDecimals(n)) add(path, COUPON_MESSAGES.decimals);
  };
  amount("value", body.value, true, COUPON_MESSAGES.value);
  if ((body.type === "percentage" || body.type === "first_time") && body.value > 100 && body.value <= MAX_AMOUNT) {
    add("value", COUPON_MESSAGES.percentTooHigh);
  }
  amount("minOrderValue", body.minOrderValue, false, COUPON_MESSAGES.minOrderValue);
  if (body.type === "percentage") amount("maxDiscount", body.maxDiscount, true, COUPON_MESSAGES.maxDiscount);
  const start = body.startDate ? couponDate(body.startDate, "start") : null;
  if (!start) add("startDate", COUPON_MESSAGES.startDate);
  if (body.endDate) {
    const end = couponDate(body.endDate, "end");
    if (!end || (start && end < start)) add("endDate", COUPON_MESSAGES.endDate);
  }
  const limit = (path: string, n: number | null, message: string) => {
    if (n !== null && (!Number.isInteger(n) || n <= 0 || n > MAX_INT)) add(path, message);
  };
  limit("usageLimit", body.usageLimit, COUPON_MESSAGES.usageLimit);
  limit("userLimit", body.userLimit, COUPON_MESSAGES.userLimit);
  return issues;
}

/** The form's fields as strings (a form post or the island's inputs). */
export type CouponFormValues =
  & Record<
    | "code"
    | "description"
    | "type"
    | "value"
    | "minOrderValue"
    | "maxDiscount"
    | "startDate"
    | "endDate"
    | "usageLimit"
    | "userLimit"
    | "customerTag",
    string
  >
  & { firstTimeOnly: boolean; active: boolean };

function numberOrNull(text: string): number | null {
  const t = text.trim();
  return t === "" ? null : Number(t);
}

/**
 * The API body for a filled-in form: blank optional numbers become null, a blank user limit 1, the
 * maximum discount only for percentage coupons. A non-number stays NaN, which the rules refuse.
 */
export function couponBodyFromForm(form: CouponFormValues): CouponBody {
  const type = (COUPON_TYPES as readonly string[]).includes(form.type) ? form.type as CouponTypeId : "percentage";
  return {
    code: form.code.trim().toUpperCase(),
    description: form.description.trim(),
    type,
    value: form.value.trim() === "" ? Number.NaN : Number(form.value),
    minOrderValue: numberOrNull(form.minOrderValue),
    maxDiscount: type === "percentage" ? numberOrNull(form.maxDiscount) : null,
    startDate: form.startDate.trim(),
    endDate: form.endDate.trim() || null,
    usageLimit: numberOrNull(form.usageLimit),
    userLimit: numberOrNull(form.userLimit) ?? 1,
    firstTimeOnly: form.firstTimeOnly,
    // Put in a tag's form (lower case, spaces made one) by the server's schema, lib/customer_tag.ts.
    customerTag: form.customerTag.trim() || null,
    active: form.active,
    categoryId: null,
    productId: null,
  };
}

const currency = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR" });

/** The Value column of spec 001. */
export function couponValueText(c: { type: CouponTypeId; value: number; maxDiscount: number | null }): string {
  switch (c.type) {
    case "percentage":
      return `${c.value}%${c.maxDiscount !== null ? ` (Max: ${currency.format(c.maxDiscount)})` : ""}`;
    case "fixed_amount":
      return currency.format(c.value);
    case "free_shipping":
      return "Free shipping";
    case "buy_x_get_y":
      return `Buy ${c.value} get one free`;
    case "first_time":
      return `${c.value}% off`;
  }
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'MMM d, yyyy' in South African time, 'N/A' when missing (spec 001). */
export function couponDateText(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "N/A";
  const sa = new Date(d.getTime() + 2 * 3600_000);
  return `${months[sa.getUTCMonth()]} ${sa.getUTCDate()}, ${sa.getUTCFullYear()}`;
}

/** yyyy-mm-dd in South African time: what a date input shows for a stored instant. */
export function couponDateInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : new Date(d.getTime() + 2 * 3600_000).toISOString().slice(0, 10);
}
