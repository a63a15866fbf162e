/**
 * A product's photos, admin and super_admin only (401 visitors, 403 customers):
 * POST /api/products/{id}/images (multipart, field `file`, one or more), DELETE
 * /api/products/{id}/images/{index} or ?url=, PUT /api/products/{id}/images/order {images},
 * PUT /api/products/{id}/images/{index}/alt {alt}.
 * Every answer is `{ images }`, the product's list after the change (the alt text's: `{ imageAlts }`).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  addProductImages,
  imageAltBody,
  imageAltOutput,
  productImageIndexParams,
  productImageParams,
  removeProductImage,
  reorderImagesBody,
  reorderProductImages,
  setProductImageAlt,
} from "../../domains/media/mod.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { postImageUpload } from "../uploads.ts";
import { defineAction, jsonRoutes, validParams } from "../action.ts";
import { adminBodyLimit } from "../admin_limits.ts";

const removeByUrlQuery = z.object({
  url: reorderImagesBody.shape.images.element,
}).strict();

/** The product's list of photos after the change. */
const imagesSchema = z.object({ images: z.array(z.string()) });

export const reorderImagesAction = defineAction({
  method: "put",
  path: "/products/:id/images/order",
  input: reorderImagesBody,
  output: imagesSchema,
  auth: "admin",
  middleware: [validate("param", productImageParams)],
  summary: "Put a product's photos in a new order (the same photos, reordered)",
  handler: async (c, input) => ({
    images: await reorderProductImages(c.var.db, {
      productId: validParams(c, productImageParams).id,
      userId: currentUser(c).id,
      images: input.images,
    }),
  }),
});

export const removeImageAction = defineAction({
  method: "delete",
  path: "/products/:id/images/:index",
  input: undefined,
  output: imagesSchema,
  auth: "admin",
  middleware: [validate("param", productImageIndexParams)],
  summary: "Remove a product's photo by its position",
  handler: async (c) => {
    const { id, index } = validParams(c, productImageIndexParams);
    return {
      images: await removeProductImage(c.var.db, c.var.storage, { productId: id, userId: currentUser(c).id, index }),
    };
  },
});

export const removeImageByUrlAction = defineAction({
  method: "delete",
  path: "/products/:id/images",
  input: undefined,
  output: imagesSchema,
  auth: "admin",
  middleware: [validate("param", productImageParams), validate("query", removeByUrlQuery)],
  summary: "Remove a product's photo by its URL (?url=)",
  handler: async (c) => {
    const { url } = (c.req.valid as (target: "query") => z.output<typeof removeByUrlQuery>)("query");
    return {
      images: await removeProductImage(c.var.db, c.var.storage, {
        productId: validParams(c, productImageParams).id,
        userId: currentUser(c).id,
        url,
      }),
    };
  },
});

export const setImageAltAction = defineAction({
  method: "put",
  path: "/products/:id/images/:index/alt",
  input: imageAltBody,
  output: imageAltOutput,
  auth: "admin",
  middleware: [validate("param", productImageIndexParams), adminBodyLimit()],
  summary: "Set the alt text of a product's photo (by its position; empty removes it)",
  handler: async (c, input) => {
    const { id, index } = validParams(c, productImageIndexParams);
    return {
      imageAlts: await setProductImageAlt(c.var.db, {
        productId: id,
        userId: currentUser(c).id,
        index,
        alt: input.alt,
      }),
    };
  },
});

/** Mounted at /api/products beside the catalogue's routes: each route carries its own guard. */
export function productImageApi() {
  const app = new Hono<AppEnv>();
  postImageUpload(app, "/:id/images", async (c, productId, files) => {
    const images = await addProductImages(c.var.db, c.var.storage, { productId, userId: currentUser(c).id, files });
    return c.json({ images }, 201);
  });
  jsonRoutes(app, "/products", [reorderImagesAction, removeImageAction, removeImageByUrlAction, setImageAltAction]);
  return app;
}
