/**
 * The product photo forms (no JavaScript needed): GET /admin/products/{id}/images shows the panel on
 * its own page; POST .../images uploads, POST .../images/{index}/delete removes, POST .../images/move
 * moves one a place, POST .../images/{index}/alt sets a photo's alt text. Each redirects back (to the edit page or this page) with a toast; a refused
 * upload (wrong type, too large, ninth image) comes back as a red toast, never an error page.
 * Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  addProductImages,
  imageOrderAfterMove,
  moveImageForm,
  productForImages,
  productImageParams,
} from "../../domains/media/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { ProductImagesPanel } from "../../components/admin/ProductImagesPanel.tsx";
import { currentUser } from "../guards.ts";
import { renderAdminPage } from "./render.tsx";
import { formAction, uploadForm } from "./image_forms.ts";
import { formRoute } from "../action.ts";
import { removeImageAction, reorderImagesAction, setImageAltAction } from "../api/product_images.ts";
import { setFlash } from "../flash.ts";

const ACTIVE = "/admin/products";

/** The two pages a panel lives on; anything else goes back to this page. */
function backTo(id: number, back: unknown): string {
  const allowed = [`/admin/products/${id}`, `/admin/products/${id}/images`];
  return typeof back === "string" && allowed.includes(back) ? back : `/admin/products/${id}/images`;
}

function parseId(c: Context<AppEnv>, schema: z.ZodType<{ id: number }> = productImageParams): number {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) throw new ValidationError("Invalid id");
  return parsed.data.id;
}

export function productImagesAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/:id/images", async (c) => {
    const product = await productForImages(c.var.db, parseId(c));
    if (!product) {
      return renderAdminPage(c, {
        title: "Product not found",
        active: ACTIVE,
        body: <p className="rounded-xl bg-white p-6">Product not found.</p>,
        status: 404,
      });
    }
    return renderAdminPage(c, {
      title: `Images · ${product.name}`,
      active: ACTIVE,
      body: (
        <div className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 className="text-2xl font-extrabold tracking-tight">{product.name}</h1>
            <div className="flex gap-4 text-sm font-semibold">
              <a className="text-green-800 hover:underline" href={`/admin/products/${product.id}`}>Edit product</a>
              <a className="text-green-800 hover:underline" href={`/product/${product.slug}`}>View in shop</a>
            </div>
          </div>
          <ProductImagesPanel
            productId={product.id}
            productName={product.name}
            images={product.images}
            imageAlts={product.imageAlts}
            returnTo={`/admin/products/${product.id}/images`}
          />
        </div>
      ),
    });
  });

  app.post(
    "/:id/images",
    ...uploadForm((c, back) => backTo(parseId(c), back), async (c, files) => {
      const productId = parseId(c);
      await addProductImages(c.var.db, c.var.storage, { productId, userId: currentUser(c).id, files });
      return { title: files.length === 1 ? "Image uploaded" : `${files.length} images uploaded` };
    }),
  );

  // The move buttons: the twin of PUT /api/products/{id}/images/order with the order one move makes.
  formRoute(app, reorderImagesAction, {
    path: "/:id/images/move",
    input: async ({ index, direction }, c) => {
      const move = moveImageForm.safeParse({ index, direction });
      if (!move.success) throw new ValidationError(move.error.issues[0]?.message ?? "Invalid request");
      return { images: await imageOrderAfterMove(c.var.db, { productId: parseId(c), ...move.data }) };
    },
    onSuccess: (c, _out, _in, fields) =>
      formAction(c, backTo(parseId(c), fields.back), () => Promise.resolve({ title: "Images reordered" })),
    onError: (c, err, fields) => formAction(c, backTo(parseId(c), fields.back), () => Promise.reject(err)),
  });

  // The twin of DELETE /api/products/{id}/images/{index}.
  formRoute(app, removeImageAction, {
    path: "/:id/images/:index/delete",
    onSuccess: (c, _out, _in, fields) =>
      formAction(c, backTo(parseId(c), fields.back), () => Promise.resolve({ title: "Image deleted" })),
    onError: (c, err, fields) => formAction(c, backTo(parseId(c), fields.back), () => Promise.reject(err)),
  });
  // The alt text box of each photo: the twin of PUT /api/products/{id}/images/{index}/alt.
  formRoute(app, setImageAltAction, {
    path: "/:id/images/:index/alt",
    input: (fields) => ({ alt: fields.alt ?? "" }),
    onSuccess: (c, _out, _in, fields) => {
      setFlash(c, { title: "Alt text saved", variant: "success" });
      return c.redirect(backTo(parseId(c), fields.back), 303);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "Alt text not saved", description: err.message, variant: "destructive" });
      return c.redirect(backTo(parseId(c), fields.back), 303);
    },
  });
  return app;
}
