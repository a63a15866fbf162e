/**
 * A category's picture, admin and super_admin only (401 visitors, 403 customers):
 * POST /api/categories/{id}/image (multipart, one file in `file`) -> 200 { image },
 * DELETE /api/categories/{id}/image -> 200 { image: null }.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { productImageParams, removeCategoryImage, setCategoryImage } from "../../domains/media/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { imageFilesOf, readMultipart, uploadLimit } from "../uploads.ts";

/** Mounted at /api/categories beside the catalogue's routes: each route carries its own guard. */
export function categoryImageApi() {
  const app = new Hono<AppEnv>();
  const admin = requireRole("admin");

  app.post("/:id/image", admin, validate("param", productImageParams), uploadLimit(), async (c) => {
    const { id } = c.req.valid("param");
    const files = await imageFilesOf(await readMultipart(c));
    if (files.length !== 1) throw new ValidationError("A category has one image: upload one file");
    const image = await setCategoryImage(c.var.db, c.var.storage, {
      categoryId: id,
      userId: currentUser(c).id,
      file: files[0],
    });
    return c.json({ image });
  });

  app.delete("/:id/image", admin, validate("param", productImageParams), async (c) => {
    const { id } = c.req.valid("param");
    await removeCategoryImage(c.var.db, c.var.storage, { categoryId: id, userId: currentUser(c).id });
    return c.json({ image: null });
  });
  return app;
}
