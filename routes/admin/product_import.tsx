/**
 * /admin/products/import: the product CSV screen (export link carrying the list's filters, upload,
 * dry-run preview, Import). The form posts are the import action's twin (formRoute): the same guard,
 * limit, options and handler as POST /api/admin/products/import. Guarded by routes/admin/mod.ts.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { catalogAdminSchemas, listAdminCategories } from "../../domains/catalog_admin/mod.ts";
import type { ImportReport, ImportRowError } from "../../domains/product_csv/mod.ts";
import { type ProductImportState, ProductImportView } from "../../components/admin/products/ProductImportView.tsx";
import { formRoute } from "../action.ts";
import { setFlash } from "../flash.ts";
import { csvBody, importProductsAction } from "../api/admin_product_csv.ts";
import { renderAdminPage } from "./render.tsx";
import { parseForm, withStatus } from "./catalog_forms.ts";

/** The export link for the list's filters, and a line saying which products it holds. */
async function exportLink(c: Context<AppEnv>) {
  const query = parseForm(catalogAdminSchemas.adminProductQuery, c.req.query());
  const params = new URLSearchParams();
  const said: string[] = [];
  if (query.q) params.set("q", query.q), said.push(`matching "${query.q}"`);
  if (query.category) {
    params.set("category", String(query.category));
    const name = (await listAdminCategories(c.var.db)).find((cat) => cat.id === query.category)?.name;
    said.push(`in ${name ?? "the chosen category"}`);
  }
  if (query.stock) params.set("stock", query.stock), said.push(`${query.stock === "in" ? "in" : query.stock} stock`);
  if (query.status) params.set("status", query.status), said.push(`${query.status}`);
  if (query.archived !== "active") params.set("archived", query.archived);
  const which = query.archived === "all"
    ? "All products"
    : query.archived === "archived"
    ? "Archived products"
    : "Products not archived";
  const qs = params.toString();
  return {
    href: `/api/admin/products/export.csv${qs ? `?${qs}` : ""}`,
    label: `${which}${said.length ? ` (${said.join(", ")})` : ""}, as on the products list.`,
  };
}

async function page(c: Context<AppEnv>, state: ProductImportState, status = 200) {
  const link = await exportLink(c);
  const res = renderAdminPage(c, {
    title: "Import and export products",
    active: "/admin/products",
    body: <ProductImportView exportHref={link.href} exportLabel={link.label} state={state} />,
  });
  return status === 200 ? res : withStatus(res, status);
}

export function productImportAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/import", (c) => page(c, {}));
  formRoute(app, importProductsAction, {
    path: "/import",
    onSuccess: async (c, output) => {
      if ("errors" in output) return page(c, { errors: output.errors as ImportRowError[] }, 422);
      const report = output as ImportReport;
      if (report.dryRun) return page(c, { preview: { report, csv: await csvBody(c) } });
      setFlash(c, { title: "Products imported", description: report.message, variant: "success" });
      return c.redirect("/admin/products/import", 303);
    },
    onError: (c, err) => page(c, { message: err.message }, err.status),
  });
  return app;
}
