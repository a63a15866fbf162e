/**
 * The variant editor's model (islands/VariantEditor.tsx): a variant as the editor shows it, the
 * form's draft and its JSON body (the spec's fields), and the status words of the variant table.
 * Browser-safe: no server imports.
 */
import { ApiError } from "../../../client/api.ts";
import type { Variant } from "../../../domains/catalog/types.ts";
import type { ActionOutput } from "../../../contract/action.ts";
import type { updateVariantOutput } from "../../../contract/admin_catalog.ts";

/** A variant as the editor shows it (the catalogue's Variant, money in cents). */
export type EditorVariant = Omit<Variant, "productId" | "regularDiscount">;

/** What creating or changing a variant answers (both actions answer the same shape). */
export type ApiVariant = ActionOutput<typeof updateVariantOutput>;

export interface Draft {
  name: string;
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  dimensions: string;
  preorder: boolean;
  preorderDiscount: string;
  arrivalDate: string;
}

export const emptyDraft: Draft = {
  name: "",
  sku: "",
  price: "",
  salePrice: "",
  stock: "0",
  dimensions: "",
  preorder: false,
  preorderDiscount: "",
  arrivalDate: "",
};

const rand = (cents: number) => (cents / 100).toFixed(2);

export function draftOf(v: EditorVariant): Draft {
  return {
    name: v.name,
    sku: v.sku,
    price: rand(v.priceCents),
    salePrice: v.salePriceCents === null ? "" : rand(v.salePriceCents),
    stock: String(v.stock),
    dimensions: v.dimensions ?? "",
    preorder: v.preorder,
    preorderDiscount: v.preorderDiscount === null ? "" : String(v.preorderDiscount),
    arrivalDate: v.arrivalDate ?? "",
  };
}

/** A number field as JSON: a number when it reads as one, else the text (the server names the problem). */
export function numberOrText(v: string): number | string {
  const t = v.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
}

/** The spec's body: name, sku, price, salePrice, stock, dimensions, preorder, preorderDiscount, arrivalDate. */
export function bodyOf(d: Draft) {
  return {
    name: d.name.trim(),
    sku: d.sku.trim(),
    price: numberOrText(d.price),
    salePrice: d.salePrice.trim() === "" ? null : numberOrText(d.salePrice),
    stock: numberOrText(d.stock || "0"),
    dimensions: d.dimensions.trim() || null,
    preorder: d.preorder,
    preorderDiscount: d.preorder && d.preorderDiscount.trim() !== "" ? numberOrText(d.preorderDiscount) : null,
    arrivalDate: d.preorder && d.arrivalDate ? d.arrivalDate : null,
  };
}

export function fromApi(v: ApiVariant): EditorVariant {
  return {
    id: v.id,
    name: v.name,
    sku: v.sku,
    priceCents: Math.round(v.price * 100),
    salePriceCents: v.salePrice === null ? null : Math.round(v.salePrice * 100),
    stock: v.stock,
    dimensions: v.dimensions,
    preorder: v.preorder,
    preorderDiscount: v.preorderDiscount,
    arrivalDate: v.arrivalDate,
    optionValues: v.optionValues,
  };
}

/** The server's message when it gave one, else the spec's fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body && typeof err.body === "object") {
    const b = err.body as { message?: unknown; error?: unknown };
    const text = b.message ?? b.error;
    if (typeof text === "string" && text) return text;
  }
  return fallback;
}

export function variantStatus(v: { preorder: boolean; stock: number }): "Pre-order" | "In Stock" | "Out of Stock" {
  if (v.preorder) return "Pre-order";
  return v.stock > 0 ? "In Stock" : "Out of Stock";
}

export const statusClass = {
  "Pre-order": "bg-sky-100 text-sky-900",
  "In Stock": "bg-green-100 text-green-900",
  "Out of Stock": "bg-red-100 text-red-900",
};

export const button =
  "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-50";
export const primary = `${button} bg-green-800 text-white hover:bg-green-900`;
export const secondary = `${button} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`;
export const danger = `${button} bg-red-700 text-white hover:bg-red-800`;
export const input =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none";
export const label = "mb-1 block text-sm font-medium text-stone-800";

export type TextKey = Exclude<keyof Draft, "preorder">;
