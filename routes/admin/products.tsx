/**
 * /admin/products: the product list (search by name or SKU, category, stock, status and archived
 * filters, paging). Adding and editing a product live in product_edit.tsx. Guarded by
 * routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { listProducts } from "../../domains/catalog/mod.ts";
import { catalogAdminSchemas as schemas, listAdminCategories } from "../../domains/catalog_admin/mod.ts";
import { ProductListView } from "../../components/admin/products/ProductListView.tsx";
import type { CategoryOption } from "../../components/admin/products/ProductForm.tsx";
import { renderAdminPage } from "./render.tsx";
import { parseForm } from "./catalog_forms.ts";

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
    const page = await listProducts(c.var.db, {
      archived: query.archived === "active" ? "unarchived" : query.archived === "archived" ? "only" : "all",
      status: query.status,
      nameOrSku: query.q || undefined,
      categoryIds: query.category ? [query.category] : undefined,
      stock: query.stock,
      sort: "name_asc",
      page: query.page,
      limit: PAGE_SIZE,
    });
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

  return app;
}
