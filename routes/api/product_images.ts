/**
 * A product's photos, admin and super_admin only (401 visitors, 403 customers):
 * POST /api/products/{id}/images (multipart, field `file`, one or more), DELETE
 * /api/products/{id}/images/{index} or ?url=, PUT /api/products/{id}/images/order {images}.
 * Every answer is `{ images }`, the product's list after the change.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app.ts";
import {
  addProductImages,
  productImageIndexParams,
  productImageParams,
  removeProductImage,
  reorderImagesBody,
  reorderProductImages,
} from "../../domains/media/mod.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { imageFilesOf, readMultipart, uploadLimit } from "../uploads.ts";

const removeByUrlQuery = z.object({
  url: reorderImagesBody.shape.images.element,
}).strict();

/** Mounted at /api/products beside the catalogue's routes: each route carries its own guard. */
export function productImageApi() {
  const app = new Hono<AppEnv>();
  const admin = requireRole("admin");

  app.post("/:id/images", admin, validate("param", productImageParams), uploadLimit(), async (c) => {
    const { id } = c.req.valid("param");
    const files = await imageFilesOf(await readMultipart(c));
    const images = await addProductImages(c.var.db, c.var.storage, {
      productId: id,
      userId: currentUser(c).id,
      files,
    });
    return c.json({ images }, 201);
  });

  app.put(
    "/:id/images/order",
    admin,
    validate("param", productImageParams),
    validate("json", reorderImagesBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const images = await reorderProductImages(c.var.db, {
        productId: id,
        userId: currentUser(c).id,
        images: c.req.valid("json").images,
      });
      return c.json({ images });
    },
  );

  app.delete("/:id/images/:index", admin, validate("param", productImageIndexParams), async (c) => {
    const { id, index } = c.req.valid("param");
    const images = await removeProductImage(c.var.db, c.var.storage, {
      productId: id,
      userId: currentUser(c).id,
      index,
    });
    return c.json({ images });
  });

  app.delete(
    "/:id/images",
    admin,
    validate("param", productImageParams),
    validate("query", removeByUrlQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { url } = c.req.valid("query");
      const images = await removeProductImage(c.var.db, c.var.storage, {
        productId: id,
        userId: currentUser(c).id,
        url,
      });
      return c.json({ images });
    },
  );
  return app;
}
