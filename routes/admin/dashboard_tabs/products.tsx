/**
 * The dashboard's Products & Variants tab (spec 001): a list of products on the left (name, ID,
 * Featured and New badges; 'Error loading products' when the list cannot be read) and, for the
 * product chosen with ?product={id} (plain links, so it works without JavaScript), the variant editor
 * island on the right. ?audit=product or ?audit=variant-{id} opens that audit log at once.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context.ts";
import { listProducts, lowStockLevel, type Product, toVariant } from "../../../domains/catalog/mod.ts";
import { listVariants, productRecord } from "../../../domains/catalog_admin/mod.ts";
import { listAuditFor } from "../../../domains/admin_audit/mod.ts";
import { logError } from "../../../lib/error_log.ts";
import { idOrNull } from "../../../lib/ids.ts";
import { Island } from "../../../lib/islands.tsx";
import VariantEditor, { type VariantEditorProps } from "../../../islands/VariantEditor.tsx";
import { ProductPickList } from "../../../components/admin/products/ProductPickList.tsx";

/** Products the list shows at once (the products screen pages through the rest). */
const LIST_LIMIT = 100;

async function editorProps(c: Context<AppEnv>, productId: number): Promise<VariantEditorProps | null> {
  const db = c.var.db;
  const product = await productRecord(db, productId);
  if (!product) return null;
  const variants = await listVariants(db, productId);
  const asked = c.req.query("audit") ?? "";
  const variantId = idOrNull(/^variant-(\d+)$/.exec(asked)?.[1]);
  const auditVariant = variantId ? variants.find((v) => v.id === variantId) : undefined;
  const audit = asked === "product"
    ? { title: `Audit Logs: ${product.name}`, entity: "product", id: product.id }
    : auditVariant
    ? { title: `Audit Logs: ${auditVariant.name}`, entity: "product_variant", id: auditVariant.id }
    : null;
  return {
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      archived: !!product.archivedAt,
      lowStockLevel: lowStockLevel(product),
    },
    variants: variants.map(toVariant),
    audit: audit
      ? {
        title: audit.title,
        rows: (await listAuditFor(db, audit.entity, audit.id)).map((e) => ({
          id: e.id,
          userId: e.userId,
          action: e.action,
          details: e.details,
          createdAt: e.createdAt.toISOString(),
        })),
      }
      : null,
  };
}

export async function productsTab(c: Context<AppEnv>) {
  const selectedId = idOrNull(c.req.query("product"));
  const q = (c.req.query("q") ?? "").trim().slice(0, 100);
  // deno-lint-ignore no-control-regex
  const search = /[\u0000-\u001f\u007f]/.test(q) ? "" : q;
  let list: { items: Product[]; total: number } | null = null;
  try {
    list = await listProducts(c.var.db, {
      archived: "all",
      nameOrSku: search || undefined,
      sort: "name_asc",
      limit: LIST_LIMIT,
    });
  } catch (err) {
    logError("admin product list failed", err, { requestId: c.get("requestId") });
  }
  const props = selectedId ? await editorProps(c, selectedId) : null;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <ProductPickList list={list} search={search} selectedId={selectedId} />
      <div className="min-w-0">
        {props
          ? <Island name="VariantEditor" component={VariantEditor} props={props} />
          : (
            <div className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
              {selectedId ? "Product Not Found" : "Select a product to view and manage variants"}
            </div>
          )}
      </div>
    </div>
  );
}
