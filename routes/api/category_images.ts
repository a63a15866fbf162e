/**
 * A category's picture, admin and super_admin only (401 visitors, 403 customers):
 * POST /api/categories/{id}/image (multipart, one file in `file`) -> 200 { image },
 * DELETE /api/categories/{id}/image -> 200 { image: null }.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { productImageParams, removeCategoryImage, setCategoryImage } from "../../domains/media/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { postImageUpload } from "../uploads.ts";
import { defineAction, jsonRoute, validParams } from "../action.ts";

export const removeCategoryImageAction = defineAction({
  method: "delete",
  path: "/categories/:id/image",
  input: undefined,
  output: z.object({ image: z.null() }),
  auth: "admin",
  middleware: [validate("param", productImageParams)],
  summary: "Remove a category's picture",
  handler: async (c) => {
    const categoryId = validParams(c, productImageParams).id;
    await removeCategoryImage(c.var.db, c.var.storage, { categoryId, userId: currentUser(c).id });
    return { image: null };
  },
});

/** Mounted at /api/categories beside the catalogue's routes: each route carries its own guard. */
export function categoryImageApi() {
  const app = new Hono<AppEnv>();
  postImageUpload(app, "/:id/image", async (c, categoryId, files) => {
    if (files.length !== 1) throw new ValidationError("A category has one image: upload one file");
    const image = await setCategoryImage(c.var.db, c.var.storage, {
      categoryId,
      userId: currentUser(c).id,
      file: files[0],
    });
    return c.json({ image });
  });
  jsonRoute(app, removeCategoryImageAction, "/categories");
  return app;
}
