/**
 * The variant editor (spec 001 "Admin dashboard", the design's "variant editor" island): the selected
 * product's panel with its variant table, the add/edit form with the pre-order switch, delete with the
 * spec's confirm text, and the audit log view of the product or a variant. It calls the JSON API
 * (POST /api/products/{id}/variants, PUT and DELETE /api/variants/{id}, GET /api/audit-logs/...) and
 * shows the spec's toasts. The server validates every field; the form checks only the spec's
 * 'Name and SKU are required' so the bundle carries no schema library.
 */
import { type FormEvent, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { formatMoney } from "../lib/money.ts";
import { type AuditRow, AuditTable } from "../components/admin/products/AuditTable.tsx";
import type { Variant } from "../domains/catalog/types.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { updateVariantOutput } from "../contract/admin_catalog.ts";

/** A variant as the editor shows it (the catalogue's Variant, money in cents). */
export type EditorVariant = Omit<Variant, "productId" | "regularDiscount">;

export interface VariantEditorProps {
  product: { id: number; name: string; description: string; archived: boolean };
  variants: EditorVariant[];
  /** An audit view the page was asked for (?audit=product or ?audit=variant-{id}), already loaded. */
  audit?: { title: string; rows: AuditRow[] } | null;
}

/** The spec's preview length of a product's description. */
export const DESCRIPTION_PREVIEW = 100;

/** What creating or changing a variant answers (both actions answer the same shape). */
type ApiVariant = ActionOutput<typeof updateVariantOutput>;

interface Draft {
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

const emptyDraft: Draft = {
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

function draftOf(v: EditorVariant): Draft {
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
function numberOrText(v: string): number | string {
  const t = v.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
}

/** The spec's body: name, sku, price, salePrice, stock, dimensions, preorder, preorderDiscount, arrivalDate. */
function bodyOf(d: Draft) {
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

function fromApi(v: ApiVariant): EditorVariant {
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
  };
}

/** The server's message when it gave one, else the spec's fallback. */
function failureText(err: unknown, fallback: string): string {
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

const statusClass = {
  "Pre-order": "bg-sky-100 text-sky-900",
  "In Stock": "bg-green-100 text-green-900",
  "Out of Stock": "bg-red-100 text-red-900",
};

const button =
  "inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 disabled:opacity-50";
const primary = `${button} bg-green-800 text-white hover:bg-green-900`;
const secondary = `${button} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`;
const danger = `${button} bg-red-700 text-white hover:bg-red-800`;
const input =
  "w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none";
const label = "mb-1 block text-sm font-medium text-stone-800";

type TextKey = Exclude<keyof Draft, "preorder">;

/** One labelled box of the variant form, bound to a field of the draft. */
function DraftField(
  { label: text, field, draft, onChange, ...rest }: {
    label: string;
    field: TextKey;
    draft: Draft;
    onChange: (field: TextKey) => (e: { currentTarget: { value: string } }) => void;
    inputMode?: "decimal" | "numeric";
    placeholder?: string;
    maxLength?: number;
    type?: "date";
  },
) {
  const id = `variant-${field}`;
  return (
    <div>
      <label className={label} htmlFor={id}>{text}</label>
      <input id={id} className={input} value={draft[field]} onChange={onChange(field)} {...rest} />
    </div>
  );
}

type Mode = { kind: "list" } | { kind: "add" } | { kind: "edit"; variant: EditorVariant } | {
  kind: "audit";
  title: string;
  rows: AuditRow[] | null;
};

export default function VariantEditor({ product, variants: initial, audit }: VariantEditorProps) {
  const [variants, setVariants] = useState<EditorVariant[]>(initial);
  const [mode, setMode] = useState<Mode>(
    audit ? { kind: "audit", title: audit.title, rows: audit.rows } : { kind: "list" },
  );
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const description = product.description.length > DESCRIPTION_PREVIEW
    ? `${product.description.slice(0, DESCRIPTION_PREVIEW)}...`
    : product.description;

  function openAdd() {
    setDraft(emptyDraft);
    setFormError(null);
    setMode({ kind: "add" });
  }

  function openEdit(v: EditorVariant) {
    setDraft(draftOf(v));
    setFormError(null);
    setMode({ kind: "edit", variant: v });
  }

  async function openAudit(
    e: { preventDefault(): void },
    entity: "product" | "product_variant",
    id: number,
    title: string,
  ) {
    e.preventDefault();
    setMode({ kind: "audit", title, rows: null });
    try {
      const { items } = await api<{ items: AuditRow[] }>(`/audit-logs/${entity}/${id}`);
      setMode({ kind: "audit", title, rows: items });
    } catch (err) {
      toast({ title: "Error", description: failureText(err, "Failed to load audit logs"), variant: "destructive" });
      setMode({ kind: "list" });
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!draft.name.trim() || !draft.sku.trim()) {
      setFormError("Name and SKU are required");
      return;
    }
    setFormError(null);
    setBusy(true);
    const editing = mode.kind === "edit" ? mode.variant : null;
    try {
      const saved = fromApi(
        editing
          ? await api<ApiVariant>(`/variants/${editing.id}`, { method: "PUT", json: bodyOf(draft) })
          : await api<ApiVariant>(`/products/${product.id}/variants`, { method: "POST", json: bodyOf(draft) }),
      );
      setVariants((list) => editing ? list.map((v) => (v.id === saved.id ? saved : v)) : [...list, saved]);
      toast({ title: editing ? "Variant updated successfully" : "Variant added successfully", variant: "success" });
      setMode({ kind: "list" });
    } catch (err) {
      const text = failureText(err, editing ? "Failed to update variant" : "Failed to add variant");
      setFormError(text);
      toast({ title: "Error", description: text, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function remove(v: EditorVariant) {
    if (!globalThis.confirm(`Are you sure you want to delete the variant "${v.name}"?`)) return;
    setBusy(true);
    try {
      await api(`/variants/${v.id}`, { method: "DELETE" });
      setVariants((list) => list.filter((x) => x.id !== v.id));
      toast({ title: "Variant deleted successfully", variant: "success" });
      setMode({ kind: "list" });
    } catch (err) {
      toast({ title: "Error", description: failureText(err, "Failed to delete variant"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const set = (field: TextKey) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ ...d, [field]: value }));
  };

  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5" data-product-panel={product.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold">
            {product.name}{" "}
            {product.archived ? <span className="ml-1 rounded bg-stone-200 px-2 py-0.5 text-xs">Archived</span> : null}
          </h2>
          <p className="text-xs text-stone-500">ID: {product.id}</p>
          {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/admin?tab=products&product=${product.id}&audit=product`}
            className={secondary}
            onClick={(e) => openAudit(e, "product", product.id, `Audit Logs: ${product.name}`)}
          >
            Audit Logs
          </a>
          <button type="button" className={primary} onClick={openAdd}>Add Variant</button>
          <a href={`/admin/products/${product.id}`} className={secondary}>Edit product</a>
        </div>
      </div>

      {mode.kind === "audit"
        ? (
          <section className="mt-5" aria-label="Audit logs">
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="font-semibold">{mode.title}</h3>
              <a
                href={`/admin?tab=products&product=${product.id}`}
                className={secondary}
                onClick={(e) => {
                  e.preventDefault();
                  setMode({ kind: "list" });
                }}
              >
                Back to variants
              </a>
            </div>
            {mode.rows ? <AuditTable rows={mode.rows} /> : <p className="text-sm text-stone-600">Loading...</p>}
          </section>
        )
        : mode.kind === "add" || mode.kind === "edit"
        ? (
          <form
            className="mt-5 grid gap-4 rounded-lg border border-stone-200 bg-stone-50 p-4 sm:grid-cols-2"
            onSubmit={save}
            noValidate
          >
            <h3 className="font-semibold sm:col-span-2">{mode.kind === "edit" ? "Edit Variant" : "Add Variant"}</h3>
            {formError ? <p role="alert" className="text-sm text-red-700 sm:col-span-2">{formError}</p> : null}
            <DraftField label="Name" field="name" draft={draft} onChange={set} maxLength={100} />
            <DraftField label="SKU" field="sku" draft={draft} onChange={set} maxLength={64} />
            <DraftField label="Price" field="price" draft={draft} onChange={set} inputMode="decimal" />
            <DraftField
              label="Sale Price (optional)"
              field="salePrice"
              draft={draft}
              onChange={set}
              inputMode="decimal"
            />
            <DraftField label="Stock" field="stock" draft={draft} onChange={set} inputMode="numeric" />
            <DraftField
              label="Dimensions"
              field="dimensions"
              draft={draft}
              onChange={set}
              placeholder="60x45x45cm"
              maxLength={60}
            />
            <div className="flex items-center gap-3 sm:col-span-2">
              <button
                type="button"
                role="switch"
                id="variant-preorder"
                aria-checked={draft.preorder}
                aria-labelledby="variant-preorder-label"
                onClick={() => setDraft((d) => ({ ...d, preorder: !d.preorder }))}
                className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition ${
                  draft.preorder ? "bg-green-700" : "bg-stone-300"
                } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800`}
              >
                <span
                  aria-hidden="true"
                  className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition ${
                    draft.preorder ? "left-5" : "left-0.5"
                  }`}
                />
              </button>
              <span id="variant-preorder-label" className="text-sm font-medium">Available for Pre-order</span>
            </div>
            {draft.preorder
              ? (
                <>
                  <DraftField
                    label="Pre-order Discount (%)"
                    field="preorderDiscount"
                    draft={draft}
                    onChange={set}
                    inputMode="decimal"
                  />
                  <DraftField
                    label="Expected Arrival Date"
                    field="arrivalDate"
                    draft={draft}
                    onChange={set}
                    type="date"
                  />
                </>
              )
              : null}
            <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
              <button type="button" className={secondary} onClick={() => setMode({ kind: "list" })} disabled={busy}>
                Cancel
              </button>
              {mode.kind === "edit"
                ? (
                  <button
                    type="button"
                    className={danger}
                    onClick={() => remove(mode.variant)}
                    disabled={busy}
                  >
                    Delete
                  </button>
                )
                : null}
              <button type="submit" className={primary} disabled={busy}>{busy ? "Saving..." : "Save"}</button>
            </div>
          </form>
        )
        : null}

      {mode.kind !== "audit"
        ? (
          variants.length
            ? (
              <div className="mt-5 overflow-x-auto">
                <table className="w-full min-w-[36rem] text-left text-sm">
                  <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
                    <tr>
                      <th scope="col" className="py-2 pr-3">Name</th>
                      <th scope="col" className="py-2 pr-3">SKU</th>
                      <th scope="col" className="py-2 pr-3">Price</th>
                      <th scope="col" className="py-2 pr-3">Stock</th>
                      <th scope="col" className="py-2 pr-3">Status</th>
                      <th scope="col" className="py-2 text-right">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {variants.map((v) => {
                      const status = variantStatus(v);
                      return (
                        <tr key={v.id} className="border-b border-stone-100" data-variant-id={v.id}>
                          <td className="py-2 pr-3 font-medium">
                            {v.name}
                            {v.dimensions ? <span className="block text-xs text-stone-500">{v.dimensions}</span> : null}
                          </td>
                          <td className="py-2 pr-3 font-mono text-xs">{v.sku}</td>
                          <td className="py-2 pr-3 whitespace-nowrap">
                            {v.salePriceCents !== null
                              ? (
                                <>
                                  <span className="font-semibold text-red-700">{formatMoney(v.salePriceCents)}</span>
                                  {" "}
                                  <s className="text-stone-500">{formatMoney(v.priceCents)}</s>
                                </>
                              )
                              : formatMoney(v.priceCents)}
                          </td>
                          <td className="py-2 pr-3">{v.stock}</td>
                          <td className="py-2 pr-3">
                            <span
                              className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
                                statusClass[status]
                              }`}
                            >
                              {status}
                            </span>
                          </td>
                          <td className="py-2 text-right whitespace-nowrap">
                            <button
                              type="button"
                              className={secondary}
                              aria-label={`Edit ${v.name}`}
                              onClick={() => openEdit(v)}
                            >
                              Edit
                            </button>{" "}
                            <a
                              href={`/admin?tab=products&product=${product.id}&audit=variant-${v.id}`}
                              className={secondary}
                              aria-label={`Audit log of ${v.name}`}
                              onClick={(e) => openAudit(e, "product_variant", v.id, `Audit Logs: ${v.name}`)}
                            >
                              Audit log
                            </a>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )
            : mode.kind === "list"
            ? (
              <div className="mt-5 rounded-lg border border-dashed border-stone-300 p-8 text-center">
                <p className="text-stone-600">This product has no variants yet</p>
                <button type="button" className={`${primary} mt-3`} onClick={openAdd}>Add First Variant</button>
              </div>
            )
            : null
        )
        : null}
    </div>
  );
}
