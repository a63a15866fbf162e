/**
 * The category picture forms (no JavaScript needed): POST /admin/categories/{id}/image uploads (and
 * replaces), POST /admin/categories/{id}/image/delete removes. Each redirects back to the category's
 * edit page (or the category list) with a toast. Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { productImageParams, removeCategoryImage, setCategoryImage } from "../../domains/media/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { currentUser } from "../guards.ts";
import { formAction, uploadForm } from "./image_forms.ts";

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

  app.post("/:id/image/delete", async (c) => {
    const id = parseId(c);
    const { back } = await c.req.parseBody();
    return await formAction(c, backTo(id, back), async () => {
      await removeCategoryImage(c.var.db, c.var.storage, { categoryId: id, userId: currentUser(c).id });
      return { title: "Category image removed" };
    });
  });
  return app;
}
