/**
 * The category picture forms (no JavaScript needed): POST /admin/categories/{id}/image uploads (and
 * replaces), POST /admin/categories/{id}/image/delete removes (the twin of its JSON action; the
 * upload has no action definition: its JSON route reads the multipart body itself). Each redirects
 * back to the category's edit page (or the category list) with a toast. Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { productImageParams, setCategoryImage } from "../../domains/media/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { currentUser } from "../guards.ts";
import { formAction, uploadForm } from "./image_forms.ts";
import { formRoute } from "../action.ts";
import { removeCategoryImageAction } from "../api/category_images.ts";

function parseId(c: Context<AppEnv>): number {
  const parsed = productImageParams.safeParse(c.req.param());
  if (!parsed.success) throw new ValidationError("Invalid id");
  return parsed.data.id;
}

function backTo(id: number, back: unknown): string {
  const allowed = [`/admin/categories/${id}`, "/admin/categories"];
  return typeof back === "string" && allowed.includes(back) ? back : `/admin/categories/${id}`;
}

export function categoryImageAdmin() {
  const app = new Hono<AppEnv>();
  app.post(
    "/:id/image",
    ...uploadForm((c, back) => backTo(parseId(c), back), async (c, files) => {
      if (files.length !== 1) throw new ValidationError("A category has one image: upload one file");
      const categoryId = parseId(c);
      await setCategoryImage(c.var.db, c.var.storage, { categoryId, userId: currentUser(c).id, file: files[0] });
      return { title: "Category image saved" };
    }),
  );

  // The twin of DELETE /api/categories/{id}/image.
  formRoute(app, removeCategoryImageAction, {
    path: "/:id/image/delete",
    onSuccess: (c, _out, _in, fields) =>
      formAction(c, backTo(parseId(c), fields.back), () => Promise.resolve({ title: "Category image removed" })),
    onError: (c, err, fields) => formAction(c, backTo(parseId(c), fields.back), () => Promise.reject(err)),
  });
  return app;
}
