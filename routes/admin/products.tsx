/**
 * /admin/products: the product list (search by name or SKU, category, stock, status and archived
 * filters, paging) and its bulk edit form (POST /admin/products/bulk, the twin of
 * POST /api/admin/products/bulk). Adding and editing a product live in product_edit.tsx. Guarded by
 * routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { listProducts } from "../../domains/catalog/mod.ts";
import { productListFilter } from "../../flows/bulk_edit_products.ts";
import { catalogAdminSchemas as schemas, listAdminCategories } from "../../domains/catalog_admin/mod.ts";
import { listHref, ProductListView } from "../../components/admin/products/ProductListView.tsx";
import type { CategoryOption } from "../../components/admin/products/ProductForm.tsx";
import { renderAdminPage } from "./render.tsx";
import { ValidationError } from "../../lib/errors.ts";
import { parseForm } from "./catalog_forms.ts";
import { formRoute } from "../action.ts";
import { bulkProductsAction } from "../api/admin_product_bulk.ts";
import { setFlash } from "../flash.ts";
import { tickedIds } from "../../lib/bulk_ids.ts";

const ACTIVE = "/admin/products";
const PAGE_SIZE = 25;

/** The category filter's choices (the edit form's too). */
export async function categoryOptions(c: Context<AppEnv>): Promise<CategoryOption[]> {
  return (await listAdminCategories(c.var.db)).map((cat) => ({ id: cat.id, name: cat.name, level: cat.level }));
}

export function productAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = parseForm(schemas.adminProductQuery, c.req.query());
    // The same filter "all N matching" of the bulk edit reads (domains/product_bulk).
    const page = await listProducts(c.var.db, { ...productListFilter(query), page: query.page, limit: PAGE_SIZE });
    return renderAdminPage(c, {
      title: "Products",
      active: ACTIVE,
      body: (
        <ProductListView
          query={query}
          items={page.items}
          total={page.total}
          pageSize={PAGE_SIZE}
          categories={await categoryOptions(c)}
        />
      ),
    });
  });

  formRoute(app, bulkProductsAction, {
    path: "/bulk",
    input: bulkFormInput,
    onSuccess: (c, out, _input, fields) => {
      setFlash(c, { title: "Bulk edit done", description: bulkSummary(out), variant: "success" });
      return c.redirect(backToList(fields), 303);
    },
    onError: (c, err, fields) => {
      const first = err instanceof ValidationError ? err.issues.find((i) => i.message)?.message : undefined;
      setFlash(c, {
        title: "Nothing was changed",
        description: first && first !== err.message ? `${err.message} ${first}` : err.message,
        variant: "destructive",
      });
      return c.redirect(backToList(fields), 303);
    },
  });

  return app;
}

/** The bulk form's fields as the action's input: ticked rows (`id_<n>`) or the list's filter, and the action. */
export function bulkFormInput(fields: Record<string, string>): unknown {
  const number = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : Number(v.trim()));
  const target = fields.scope === "filter"
    ? {
      filter: {
        q: fields.f_q || undefined,
        category: fields.f_category || undefined,
        stock: fields.f_stock || undefined,
        status: fields.f_status || undefined,
        setup: fields.f_setup || undefined,
        archived: fields.f_archived || "active",
      },
    }
    : { ids: tickedIds(fields) };
  const [action, value] = (fields.action ?? "").split(":", 2);
  switch (action) {
    case "set_status":
      return { action, status: value, ...target };
    case "set_featured":
    case "set_new":
      return { action, value: value === "true" ? true : value === "false" ? false : value, ...target };
    case "set_category":
      return { action, categoryId: fields.categoryId ? fields.categoryId : null, ...target };
    case "set_stock":
      return { action, stock: number(fields.stock), ...target };
    case "set_low_stock_at":
      return { action, lowStockAt: fields.lowStockAt?.trim() ? number(fields.lowStockAt) : null, ...target };
    case "adjust_price":
      return {
        action,
        by: fields.priceKind === "amount"
          ? { kind: "amount", amount: number(fields.priceChange) }
          : { kind: "percent", percent: number(fields.priceChange) },
        ...target,
      };
    default:
      return { action, ...target };
  }
}

/** "12 products updated; 2 skipped: 1 already archived, 1 not found." */
function bulkSummary(out: { updated: number; skipped: { reason: string }[] }): string {
  const updated = `${out.updated} ${out.updated === 1 ? "product" : "products"} updated`;
  if (!out.skipped.length) return `${updated}.`;
  const reasons = new Map<string, number>();
  for (const s of out.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  return `${updated}; ${out.skipped.length} skipped: ${[...reasons].map(([r, n]) => `${n} ${r}`).join(", ")}.`;
}

/** Back to the list as it was filtered (rebuilt from the form's fields, never a URL taken from it). */
function backToList(fields: Record<string, string>): string {
  const parsed = schemas.adminProductQuery.safeParse({
    q: fields.f_q || undefined,
    category: fields.f_category || undefined,
    stock: fields.f_stock || undefined,
    status: fields.f_status || undefined,
    setup: fields.f_setup || undefined,
    archived: fields.f_archived || undefined,
    page: fields.f_page || undefined,
  });
  return parsed.success ? listHref(parsed.data, parsed.data.page) : ACTIVE;
}
