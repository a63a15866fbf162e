/** Edge schemas of the product images routes. */
import { z } from "zod";

export const MAX_PRODUCT_IMAGES = 8;
export const TOO_MANY_IMAGES = "A product can have at most 8 images";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").min(1, "Invalid id")
  .max(2_147_483_647, "Invalid id");

export const productImageParams = z.object({ id });
export const productImageIndexParams = z.object({
  id,
  index: z.coerce.number({ error: "Invalid image" }).int("Invalid image").min(0, "Invalid image")
    .max(MAX_PRODUCT_IMAGES - 1, "Invalid image"),
});

// deno-lint-ignore no-control-regex
const imageUrl = z.string().min(1).max(1000).refine((s) => !/[\u0000-\u001f\u007f]/.test(s), {
  message: "Image URLs cannot contain control characters",
});

/** PUT /api/products/{id}/images/order: the product's current images in their new order. */
export const reorderImagesBody = z.object({
  images: z.array(imageUrl).max(MAX_PRODUCT_IMAGES, TOO_MANY_IMAGES),
}).strict();

/** The form route's move buttons: which image, which way. */
export const moveImageForm = z.object({
  index: productImageIndexParams.shape.index,
  direction: z.enum(["left", "right"], { error: "Choose left or right" }),
}).strict();

export const productImagesOutput = z.object({ images: z.array(z.string()) });

/** PUT /api/products/{id}/images/{index}/alt and the panel's alt form: what the image shows, for screen readers. */
export const imageAltBody = z.object({
  alt: z.string({ error: "Alt text must be text" }).trim().max(200, "Alt text must be at most 200 characters")
    // deno-lint-ignore no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: "Alt text must not contain control characters" }),
}).strict();

export const imageAltOutput = z.object({ imageAlts: z.record(z.string(), z.string()) });
