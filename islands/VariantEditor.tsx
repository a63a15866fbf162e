/**
 * The variant editor (spec 001 "Admin dashboard", the design's "variant editor" island): the selected
 * product's panel with its variant table, the add/edit form with the pre-order switch, delete with the
 * spec's confirm text, and the audit log view of the product or a variant. It calls the JSON API
 * (POST /api/products/{id}/variants, PUT and DELETE /api/variants/{id}, GET /api/audit-logs/...) and
 * shows the spec's toasts. The server validates every field; the form checks only the spec's
 * 'Name and SKU are required' so the bundle carries no schema library. Mounted on the dashboard's
 * Products & Variants tab and, `embedded`, in the Variants section of a product's edit page.
 * The form, the table and the draft model live in components/admin/variants/.
 */
import { type FormEvent, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { type AuditRow, AuditTable } from "../components/admin/products/AuditTable.tsx";
import {
  type ApiVariant,
  bodyOf,
  type Draft,
  draftOf,
  type EditorVariant,
  emptyDraft,
  failureText,
  fromApi,
  primary,
  secondary,
} from "../components/admin/variants/variant_draft.ts";
import { VariantForm } from "../components/admin/variants/VariantForm.tsx";
import { VariantTable } from "../components/admin/variants/VariantTable.tsx";

export type { EditorVariant };

export interface VariantEditorProps {
  /** `lowStockLevel`: the product's low-stock alert (else the shop's), which each variant is held to (decision 0111). */
  product: { id: number; name: string; description: string; archived: boolean; lowStockLevel: number };
  variants: EditorVariant[];
  /** An audit view the page was asked for (?audit=product or ?audit=variant-{id}), already loaded. */
  audit?: { title: string; rows: AuditRow[] } | null;
  /**
   * On the product's own edit page: no product heading, description or "Edit product" link (the
   * page is that product), and no outer card (the page's Variants section is one).
   */
  embedded?: boolean;
}

/** The spec's preview length of a product's description. */
export const DESCRIPTION_PREVIEW = 100;

type Mode = { kind: "list" } | { kind: "add" } | { kind: "edit"; variant: EditorVariant } | {
  kind: "audit";
  title: string;
  rows: AuditRow[] | null;
};

export default function VariantEditor({ product, variants: initial, audit, embedded }: VariantEditorProps) {
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

  return (
    <div
      className={embedded ? "" : "rounded-xl border border-stone-200 bg-white p-5"}
      data-product-panel={product.id}
    >
      <div className={`flex flex-wrap items-start gap-3 ${embedded ? "justify-end" : "justify-between"}`}>
        {embedded ? null : (
          <div className="min-w-0">
            <h2 className="text-lg font-bold">
              {product.name}{" "}
              {product.archived
                ? <span className="ml-1 rounded bg-stone-200 px-2 py-0.5 text-xs">Archived</span>
                : null}
            </h2>
            <p className="text-xs text-stone-500">ID: {product.id}</p>
            {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <a
            href={`/admin?tab=products&product=${product.id}&audit=product`}
            className={secondary}
            onClick={(e) => openAudit(e, "product", product.id, `Audit Logs: ${product.name}`)}
          >
            Audit Logs
          </a>
          <button type="button" className={primary} onClick={openAdd}>Add Variant</button>
          {embedded ? null : <a href={`/admin/products/${product.id}`} className={secondary}>Edit product</a>}
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
          <VariantForm
            draft={draft}
            setDraft={setDraft}
            editing={mode.kind === "edit" ? mode.variant : null}
            formError={formError}
            busy={busy}
            onSave={save}
            onCancel={() => setMode({ kind: "list" })}
            onDelete={remove}
          />
        )
        : null}

      {mode.kind !== "audit"
        ? (
          variants.length
            ? (
              <VariantTable
                productId={product.id}
                lowStockLevel={product.lowStockLevel}
                variants={variants}
                onEdit={openEdit}
                onAudit={(e, v) => openAudit(e, "product_variant", v.id, `Audit Logs: ${v.name}`)}
              />
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
