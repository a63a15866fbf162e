/**
 * /admin/products/new and /admin/products/{id}: a product's one edit screen (details, images with
 * alt text and drag to reorder, option types and variants, SEO, audit log), duplicate, archive and
 * unarchive; every form but unarchive is the twin of its JSON action (formRoute). Plain form posts:
 * a redirect with a toast, or the form again with each refused field's message (400, or 409 for a
 * taken SKU or slug). Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  catalogAdminSchemas as schemas,
  listVariants,
  type ProductRecord,
  productRecord,
} from "../../domains/catalog_admin/mod.ts";
import { listAuditFor } from "../../domains/admin_audit/mod.ts";
import { usernamesByIds } from "../../domains/accounts/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { lowStockLevel, toVariant } from "../../domains/catalog/mod.ts";
import { Island } from "../../lib/islands.tsx";
import VariantEditor, { type VariantEditorProps } from "../../islands/VariantEditor.tsx";
import { optionsFormValues, ProductOptionsForm } from "../../components/admin/products/ProductOptionsForm.tsx";
import { formRoute } from "../action.ts";
import {
  archiveProductAction,
  createProductAction,
  duplicateProductAction,
  generateVariantsAction,
  setProductOptionsAction,
  unarchiveProductAction,
  updateProductAction,
} from "../api/admin_catalog.ts";
import type { FormState } from "../../components/ui/Field.tsx";
import { ProductForm, ProductSeoSection } from "../../components/admin/products/ProductForm.tsx";
import { ProductBadges } from "../../components/admin/products/ProductBadges.tsx";
import { AuditEntriesTable } from "../../components/admin/audit/AuditViews.tsx";
import { ProductImagesPanel } from "../../components/admin/ProductImagesPanel.tsx";
import { primaryButton, secondaryButton } from "../../components/ui/buttons.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { categoryOptions } from "./products.tsx";
import { refusedForm, withStatus } from "./catalog_forms.ts";
import { refuseBodyOver } from "../admin_limits.ts";

const ACTIVE = "/admin/products";
const ID = ":id{[1-9][0-9]{0,9}}";

const formLimit = refuseBodyOver(256 * 1024, "The form is too large.");

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

/** The edit page's sections, in order, for the jump links at its top. */
const SECTIONS = [
  ["details", "Details"],
  ["images", "Images"],
  ["variants", "Variants"],
  ["seo", "SEO"],
  ["audit", "Audit Logs"],
] as const;

/** What a refused options form brings back: its values and the reason. */
type OptionsState = FormState;

async function editPage(
  c: Context<AppEnv>,
  product: ProductRecord,
  state: FormState,
  status = 200,
  optionsState?: OptionsState,
) {
  const db = c.var.db;
  const [variants, audit, categories] = await Promise.all([
    listVariants(db, product.id),
    listAuditFor(db, "product", product.id, 50),
    categoryOptions(c),
  ]);
  const names = await usernamesByIds(db, audit.flatMap((e) => e.userId === null ? [] : [e.userId]));
  const archived = product.archivedAt !== null;
  const draft = product.status === "draft";
  const editor: VariantEditorProps = {
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      archived,
      lowStockLevel: lowStockLevel(product),
    },
    variants: variants.map(toVariant),
    embedded: true,
  };
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
              <a href={`/admin/products/${product.id}/stock`} className={secondaryButton}>Stock history</a>
              <a href={`/admin/products/${product.id}/setup`} className={secondaryButton}>Setup rules</a>
              <form method="post" action={`/admin/products/${product.id}/duplicate`}>
                <button type="submit" className={secondaryButton}>Duplicate</button>
              </form>
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
          <nav aria-label="Sections of this page" className="mt-4">
            <ul className="flex flex-wrap gap-2 text-sm font-semibold">
              {SECTIONS.map(([id, label]) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className="inline-block rounded-full border border-stone-300 bg-white px-3 py-1 text-stone-800 hover:bg-stone-50"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <section id="details" aria-labelledby="details-heading" className="space-y-3">
          <h2 id="details-heading" className="text-lg font-bold">Details</h2>
          <ProductForm
            action={`/admin/products/${product.id}`}
            state={state}
            categories={categories}
            hasVariants={variants.length > 0}
            submitLabel="Save changes"
            formId={FORM_ID}
            seoApart
          />
        </section>
        <div id="images">
          <ProductImagesPanel
            productId={product.id}
            productName={product.name}
            images={product.images}
            imageAlts={product.imageAlts}
          />
        </div>
        <section
          id="variants"
          aria-labelledby="variants-heading"
          className="space-y-4 rounded-xl border border-stone-200 bg-white p-5"
        >
          <h2 id="variants-heading" className="text-lg font-bold">Variants</h2>
          <ProductOptionsForm
            productId={product.id}
            options={product.options}
            state={optionsState ?? { values: optionsFormValues(product.options) }}
          />
          <Island name="VariantEditor" component={VariantEditor} props={editor} />
        </section>
        <ProductSeoSection
          formId={FORM_ID}
          state={state}
          name={product.name}
          description={product.description}
          siteUrl={c.var.config.siteUrl}
        />
        <section id="audit" aria-labelledby="audit-heading" className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="audit-heading" className="mb-2 text-lg font-bold">Audit Logs</h2>
          <AuditEntriesTable
            rows={audit.map((e) => ({
              ...e,
              details: e.details as Record<string, unknown> | null,
              username: e.userId === null ? null : names.get(e.userId) ?? null,
            }))}
          />
        </section>
      </div>
    ),
  });
  return status === 200 ? res : withStatus(res, status);
}

/** The details form's id: the SEO section's boxes belong to it. */
const FORM_ID = "product-form";

export function productEditAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/new", (c) => newPage(c, { values: { status: "active", pudoEligible: "on", stock: "0" } }));

  // The no-JavaScript twins of the product actions (routes/api/admin_catalog.ts), with the form's
  // own body limit (a form-encoded description is larger than the same JSON).
  formRoute(app, createProductAction, {
    path: "/",
    middleware: [formLimit],
    input: (fields) => schemas.productFormBody(fields),
    onSuccess: (c, product) => {
      setFlash(c, { title: "Product created", description: product.name, variant: "success" });
      return c.redirect(`/admin/products/${product.id}`, 303);
    },
    onError: (c, err, fields) => {
      const { status, ...state } = refusedForm(err, fields);
      return newPage(c, state, status);
    },
  });

  app.get(`/${ID}`, async (c) => {
    const product = await productRecord(c.var.db, productId(c));
    if (!product) return notFound(c);
    return editPage(c, product, { values: formValues(product) });
  });

  formRoute(app, updateProductAction, {
    path: `/${ID}`,
    middleware: [formLimit],
    input: (fields) => schemas.productFormBody(fields),
    onSuccess: (c, product) => {
      setFlash(c, { title: "Product saved", description: product.name, variant: "success" });
      return c.redirect(`/admin/products/${product.id}`, 303);
    },
    onError: async (c, err, fields) => {
      const product = await productRecord(c.var.db, productId(c));
      if (!product) return notFound(c);
      const { status, ...state } = refusedForm(err, { ...formValues(product), ...fields });
      return await editPage(c, product, state, status);
    },
  });

  formRoute(app, setProductOptionsAction, {
    path: `/${ID}/options`,
    input: (fields) => schemas.optionsFormBody(fields),
    onSuccess: (c, product) => {
      setFlash(c, { title: "Options saved", description: product.name, variant: "success" });
      return c.redirect(`/admin/products/${product.id}#variants`, 303);
    },
    onError: async (c, err, fields) => {
      const product = await productRecord(c.var.db, productId(c));
      if (!product) return notFound(c);
      return await editPage(c, product, { values: formValues(product) }, err.status, {
        values: fields,
        message: err.message,
      });
    },
  });

  formRoute(app, generateVariantsAction, {
    path: `/${ID}/variants/generate`,
    onSuccess: (c, out) => {
      setFlash(c, { title: out.message, variant: "success" });
      return c.redirect(`/admin/products/${productId(c)}#variants`, 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Variants not generated", description: err.message, variant: "destructive" });
      return c.redirect(`/admin/products/${productId(c)}#variants`, 303);
    },
  });

  formRoute(app, duplicateProductAction, {
    path: `/${ID}/duplicate`,
    onSuccess: (c, copy) => {
      setFlash(c, { title: "Product duplicated", description: `${copy.name} is a draft`, variant: "success" });
      return c.redirect(`/admin/products/${copy.id}`, 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Product not duplicated", description: err.message, variant: "destructive" });
      return c.redirect(`/admin/products/${productId(c)}`, 303);
    },
  });

  // The twin of DELETE /api/products/{id} (a product is archived, never deleted).
  formRoute(app, archiveProductAction, {
    path: `/${ID}/archive`,
    onSuccess: (c, { product }) => {
      setFlash(c, {
        title: "Product archived",
        description: `${product.name} is no longer on the shop.`,
        variant: "success",
      });
      return c.redirect(`/admin/products/${product.id}`, 303);
    },
    onError: (_c, err) => {
      throw err;
    },
  });

  // The twin of POST /api/products/{id}/unarchive.
  formRoute(app, unarchiveProductAction, {
    path: `/${ID}/unarchive`,
    onSuccess: (c, { product }) => {
      setFlash(c, {
        title: "Product unarchived",
        description: `${product.name} is back on the shop.`,
        variant: "success",
      });
      return c.redirect(`/admin/products/${product.id}`, 303);
    },
    onError: (_c, err) => {
      throw err;
    },
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
