/**
 * /admin/products/new and /admin/products/{id}: a product's one edit screen (details, images,
 * variants, SEO, audit log), archive and unarchive. Plain form posts: a redirect with a toast, or
 * the form again with each refused field's message (400, or 409 for a taken SKU or slug). Guarded
 * by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context.ts";
import {
  archiveProduct,
  catalogAdminSchemas as schemas,
  createProduct,
  listVariants,
  type ProductRecord,
  productRecord,
  unarchiveProduct,
  updateProduct,
} from "../../domains/catalog_admin/mod.ts";
import { listAuditFor } from "../../domains/admin_audit/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { formatMoney, toCents } from "../../lib/money.ts";
import type { FormState } from "../../components/ui/Field.tsx";
import { ProductForm } from "../../components/admin/products/ProductForm.tsx";
import { ProductBadges } from "../../components/admin/products/ProductBadges.tsx";
import { AuditTable } from "../../components/admin/products/AuditTable.tsx";
import { ProductImagesPanel } from "../../components/admin/ProductImagesPanel.tsx";
import { primaryButton, secondaryButton } from "../../components/ui/buttons.ts";
import { currentUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { categoryOptions } from "./products.tsx";
import { parseForm, refusedForm, textValues, withStatus } from "./catalog_forms.ts";

const ACTIVE = "/admin/products";
const ID = ":id{[1-9][0-9]{0,9}}";

const formLimit = bodyLimit({
  maxSize: 256 * 1024,
  onError: () => {
    throw new ValidationError("The form is too large.");
  },
});

/** A product's columns as the form's text values. */
function formValues(p: ProductRecord): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of schemas.PRODUCT_TEXT_FIELDS) {
    const v = p[field as keyof ProductRecord];
    values[field] = v === null || v === undefined ? "" : String(v);
  }
  values.price = (toCents(p.price)! / 100).toFixed(2);
  values.salePrice = p.salePrice === null ? "" : (toCents(p.salePrice)! / 100).toFixed(2);
  values.publishAt = schemas.publishAtFormValue(p.publishAt);
  for (const flag of schemas.PRODUCT_FLAGS) values[flag] = p[flag] ? "on" : "";
  return values;
}

function productId(c: Context<AppEnv>): number {
  const id = Number(c.req.param("id"));
  if (id > 2_147_483_647) throw new ValidationError("id must be a positive whole number");
  return id;
}

async function newPage(c: Context<AppEnv>, state: FormState, status = 200) {
  const res = renderAdminPage(c, {
    title: "Add Product",
    active: ACTIVE,
    body: (
      <div className="max-w-4xl">
        <a href="/admin/products" className="text-sm text-green-900 hover:underline">← Products</a>
        <h1 className="mt-2 mb-4 text-2xl font-extrabold tracking-tight">Add Product</h1>
        <ProductForm
          action="/admin/products"
          state={state}
          categories={await categoryOptions(c)}
          hasVariants={false}
          submitLabel="Create product"
        />
      </div>
    ),
  });
  return status === 200 ? res : withStatus(res, status);
}

async function editPage(c: Context<AppEnv>, product: ProductRecord, state: FormState, status = 200) {
  const db = c.var.db;
  const [variants, audit, categories] = await Promise.all([
    listVariants(db, product.id),
    listAuditFor(db, "product", product.id, 50),
    categoryOptions(c),
  ]);
  const archived = product.archivedAt !== null;
  const draft = product.status === "draft";
  const res = renderAdminPage(c, {
    title: product.name,
    active: ACTIVE,
    body: (
      <div className="max-w-4xl space-y-5">
        <div>
          <a href="/admin/products" className="text-sm text-green-900 hover:underline">← Products</a>
          <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-extrabold tracking-tight">{product.name}</h1>
              <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-stone-600">
                ID: {product.id} · SKU {product.sku}
                <ProductBadges product={product} />
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {archived || draft
                ? null
                : <a href={`/product/${product.slug}`} className={secondaryButton}>View on site</a>}
              <form method="post" action={`/admin/products/${product.id}/${archived ? "unarchive" : "archive"}`}>
                <button type="submit" className={archived ? primaryButton : secondaryButton}>
                  {archived ? "Unarchive" : "Archive"}
                </button>
              </form>
            </div>
          </div>
          {archived
            ? (
              <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                Archived: this product is hidden from the shop and cannot be bought. Orders that hold it still show it.
              </p>
            )
            : null}
          {draft && !archived
            ? (
              <p className="mt-3 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900">
                Draft: only staff see this product. Set its status to Active and save to publish it
                {product.publishAt
                  ? `, or it is published at ${schemas.publishAtFormValue(product.publishAt).replace("T", " ")} (SAST).`
                  : "."}
              </p>
            )
            : null}
        </div>
        <ProductForm
          action={`/admin/products/${product.id}`}
          state={state}
          categories={categories}
          hasVariants={variants.length > 0}
          submitLabel="Save changes"
        />
        <ProductImagesPanel productId={product.id} images={product.images} />
        <section aria-labelledby="variants-heading" className="rounded-xl border border-stone-200 bg-white p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="variants-heading" className="text-lg font-bold">Variants</h2>
            <a href={`/admin?tab=products&product=${product.id}`} className={secondaryButton}>Manage variants</a>
          </div>
          {variants.length
            ? (
              <ul className="mt-3 divide-y divide-stone-100 text-sm">
                {variants.map((v) => (
                  <li key={v.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      {v.name} <span className="font-mono text-xs text-stone-500">{v.sku}</span>
                    </span>
                    <span>
                      {formatMoney(toCents(v.salePrice ?? v.price)!)} ·{" "}
                      {v.preorder ? "Pre-order" : `${v.stock} in stock`}
                    </span>
                  </li>
                ))}
              </ul>
            )
            : <p className="mt-2 text-sm text-stone-600">This product has no variants yet</p>}
        </section>
        <section aria-labelledby="audit-heading" className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="audit-heading" className="mb-2 text-lg font-bold">Audit Logs</h2>
          <AuditTable
            rows={audit.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }))}
          />
        </section>
      </div>
    ),
  });
  return status === 200 ? res : withStatus(res, status);
}

export function productEditAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/new", (c) => newPage(c, { values: { status: "active", pudoEligible: "on", stock: "0" } }));

  app.post("/", formLimit, async (c) => {
    const form = await c.req.parseBody();
    try {
      const input = parseForm(schemas.productCreateBody, schemas.productFormBody(form));
      const product = await createProduct(c.var.db, currentUser(c).id, input);
      setFlash(c, { title: "Product created", description: product.name, variant: "success" });
      return c.redirect(`/admin/products/${product.id}`, 303);
    } catch (err) {
      const { status, ...state } = refusedForm(err, textValues(form));
      return newPage(c, state, status);
    }
  });

  app.get(`/${ID}`, async (c) => {
    const product = await productRecord(c.var.db, productId(c));
    if (!product) return notFound(c);
    return editPage(c, product, { values: formValues(product) });
  });

  app.post(`/${ID}`, formLimit, async (c) => {
    const id = productId(c);
    const form = await c.req.parseBody();
    try {
      const patch = parseForm(schemas.productUpdateBody, schemas.productFormBody(form));
      const product = await updateProduct(c.var.db, currentUser(c).id, id, patch);
      setFlash(c, { title: "Product saved", description: product.name, variant: "success" });
      return c.redirect(`/admin/products/${id}`, 303);
    } catch (err) {
      const product = await productRecord(c.var.db, id);
      if (!product) return notFound(c);
      const { status, ...state } = refusedForm(err, { ...formValues(product), ...textValues(form) });
      return editPage(c, product, state, status);
    }
  });

  app.post(`/${ID}/archive`, async (c) => {
    const product = await archiveProduct(c.var.db, currentUser(c).id, productId(c));
    setFlash(c, {
      title: "Product archived",
      description: `${product.name} is no longer on the shop.`,
      variant: "success",
    });
    return c.redirect(`/admin/products/${product.id}`, 303);
  });

  app.post(`/${ID}/unarchive`, async (c) => {
    const product = await unarchiveProduct(c.var.db, currentUser(c).id, productId(c));
    setFlash(c, {
      title: "Product unarchived",
      description: `${product.name} is back on the shop.`,
      variant: "success",
    });
    return c.redirect(`/admin/products/${product.id}`, 303);
  });

  return app;
}

function notFound(c: Context<AppEnv>) {
  return renderAdminPage(c, {
    title: "Product Not Found",
    active: ACTIVE,
    status: 404,
    body: (
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">Product Not Found</h1>
        <p className="mt-2">
          <a href="/admin/products" className="text-green-900 underline">Back to products</a>
        </p>
      </div>
    ),
  });
}
