/**
 * Audit entries read as sentences: what happened to which record, and each changed field as
 * "Price R 1 299,00 -> R 1 199,00", whatever shape the writer gave its details (`changes`,
 * `before`/`after`, an order's `from`/`to`). The raw JSON stays available beside it.
 */
import { formatMoney, toCents } from "../../lib/money.ts";

/** One changed field, its label and both values as text. */
export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** An entry as staff read it: a headline ("Product #12 updated") and the fields it changed. */
export interface AuditSentence {
  summary: string;
  changes: AuditChange[];
  /** Facts that are not before/after pairs ("Reason: broken in transit"), as "Label: value". */
  facts: string[];
}

export const ENTITY_NAMES: Record<string, string> = {
  product: "Product",
  product_variant: "Variant",
  category: "Category",
  product_image: "Product image",
  order: "Order",
  coupon: "Coupon",
  user: "User",
  customer_tag_rule: "Automatic tag",
  purchase_order: "Purchase order",
  setting: "Settings",
  review: "Review",
  species: "Species",
};

/** Fields holding rand amounts (as "1299.00" or 1299) and fields holding cents. */
const RAND_FIELDS =
  /^(price|salePrice|compareAtPrice|amount|total|subtotal|discount|minOrderAmount|minimumAmount|maxDiscount|refunded|refundedAmount|shippingCost|deliveryFee|freeShippingThreshold|value)$/i;
const CENTS_FIELDS = /Cents$/;
const MAX_TEXT = 120;

/** Labels that the words of a field's name do not give (units, abbreviations). */
const FIELD_LABELS: Record<string, string> = {
  uvbPct: "UVB strength (%)",
  tubeLengthCm: "Tube length (cm)",
  enclosureLengthCm: "Enclosure length (cm)",
  enclosureWidthCm: "Enclosure width (cm)",
  enclosureHeightCm: "Enclosure height (cm)",
  speciesSlugs: "Only for species",
  variantName: "Applies to",
};

/** "salePrice" and "sale_price" read "Sale price". */
export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELD_LABELS, field)) return FIELD_LABELS[field];
  const words = field.replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function cut(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

/** A value as a person reads it: money in rand, yes/no, "(empty)", lists by their items. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (CENTS_FIELDS.test(field) && typeof value === "number") return formatMoney(value);
  if (RAND_FIELDS.test(field) && (typeof value === "number" || typeof value === "string")) {
    const cents = typeof value === "number" ? Math.round(value * 100) : toCents(value);
    if (cents !== null && cents !== undefined) return formatMoney(cents);
  }
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      const d = new Date(value);
      if (!Number.isNaN(d.getTime())) return dateTime.format(d);
    }
    return cut(value);
  }
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string" || typeof v === "number")) {
      return value.length ? cut(value.join(", ")) : "(none)";
    }
    return value.length === 1 ? "1 item" : `${value.length} items`;
  }
  return cut(JSON.stringify(value));
}

const dateTime = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function change(field: string, before: unknown, after: unknown): AuditChange {
  return { field, label: fieldLabel(field), before: valueText(field, before), after: valueText(field, after) };
}

const ACTION_WORDS: Record<string, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  archive: "archived",
  unarchive: "brought back from the archive",
  approve: "approved",
  reject: "rejected",
  disable: "disabled",
  enable: "enabled",
  role_change: "given another role",
  import_create: "created by the Meta import",
  import_update: "updated by the Meta import",
  bulk_update: "changed by a bulk edit",
  image_changed: "given a new image",
  image_removed: "left without an image",
  staff_order: "taken by staff for the customer",
  lines_changed: "lines changed",
  setup_rule_added: "given a setup rule",
  setup_rule_changed: "setup rule changed",
  setup_rule_removed: "setup rule removed",
  note_change: "note changed",
  tags_change: "tags changed",
  receive: "delivery booked in",
  close: "closed",
  cancel: "cancelled",
  send: "e-mailed to the supplier",
};

/** The entry as a headline, its field changes and its other facts. */
export function describeAudit(
  e: { entityType: string; entityId: number; action: string; details: unknown },
): AuditSentence {
  const d = isRecord(e.details) ? e.details : {};
  const entity = `${ENTITY_NAMES[e.entityType] ?? fieldLabel(e.entityType)}${e.entityId ? ` #${e.entityId}` : ""}`;
  const changes: AuditChange[] = [];
  const used = new Set<string>();
  if (isRecord(d.changes)) {
    used.add("changes");
    for (const [field, pair] of Object.entries(d.changes)) {
      if (isRecord(pair) && ("before" in pair || "after" in pair)) changes.push(change(field, pair.before, pair.after));
    }
  }
  if (isRecord(d.before) || isRecord(d.after)) {
    used.add("before").add("after");
    const before = isRecord(d.before) ? d.before : {};
    const after = isRecord(d.after) ? d.after : {};
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const f of fields) {
      if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null)) {
        changes.push(change(f, before[f], after[f]));
      }
    }
  }
  let summary: string;
  if (e.action === "status_change" && typeof d.from === "string" && typeof d.to === "string") {
    used.add("from").add("to");
    changes.unshift(change("status", d.from, d.to));
    summary = `${entity} ${d.to === "cancelled" ? "cancelled" : `marked ${d.to}`}`;
  } else if (e.action === "refund") {
    used.add("amount");
    summary = `${entity} refunded ${valueText("amount", d.amount)}`;
    if (isRecord(d.refundedAmount)) {
      used.add("refundedAmount");
      changes.push(change("refundedAmount", d.refundedAmount.before, d.refundedAmount.after));
    }
  } else if (e.action === "note") {
    used.add("body").add("noteId");
    summary = `Internal note added to ${entity.toLowerCase()}`;
  } else {
    summary = `${entity} ${ACTION_WORDS[e.action] ?? e.action.replace(/_/g, " ")}`;
  }
  // An automatic tag rule's filter is told in words (`finds`); its JSON would only repeat it.
  if (typeof d.finds === "string") used.add("filter");
  const facts: string[] = [];
  for (const [k, v] of Object.entries(d)) {
    if (used.has(k) || v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    if (/Id$/.test(k) && k !== "retailerId") continue;
    facts.push(`${fieldLabel(k)}: ${valueText(k, v)}`);
  }
  if (e.action === "note" && typeof d.body === "string") facts.unshift(cut(d.body));
  return { summary, changes, facts };
}

/** One change as a sentence fragment: "Price R 1 299,00 -> R 1 199,00". */
export function changeText(c: AuditChange): string {
  return `${c.label} ${c.before} -> ${c.after}`;
}
