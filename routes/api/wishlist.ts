/** The signed-in customer's wishlist: GET/POST /api/wishlist, DELETE /api/wishlist/{productId}, GET /check/{id}. */
import { productJsonSchema } from "../../contract/catalog.ts";
import { z } from "zod";
import {
  addToWishlist,
  isInWishlist,
  listWishlist,
  removeFromWishlist,
  toggleWishlist,
} from "../../domains/wishlist/mod.ts";
import { dbId, parseId } from "../../lib/ids.ts";
import { currentUser, requireUser } from "../guards.ts";
import { actionApi, defineAction } from "../action.ts";
import { successMessage } from "./auth.ts";
import { productJson } from "./json.ts";

const addBody = z.object({
  productId: dbId("productId must be a positive whole number"),
}).strict();

export const addToWishlistAction = defineAction({
  method: "post",
  path: "/wishlist",
  input: addBody,
  output: successMessage,
  status: 201,
  auth: "customer",
  summary: "Add a product to the customer's wishlist (201 when added, 200 when it was there already)",
  handler: async (c, input) => {
    const added = await addToWishlist(c.var.db, currentUser(c).id, input.productId);
    if (!added) c.status(200);
    return { success: true as const, message: "Added to Wishlist" };
  },
});

export const removeFromWishlistAction = defineAction({
  method: "delete",
  path: "/wishlist/:productId",
  input: undefined,
  output: successMessage,
  auth: "customer",
  summary: "Remove a product from the customer's wishlist",
  handler: async (c) => {
    await removeFromWishlist(c.var.db, currentUser(c).id, parseId(c.req.param("productId"), "productId"));
    return { success: true as const, message: "Removed from Wishlist" };
  },
});

export const toggleWishlistAction = defineAction({
  method: "post",
  path: "/wishlist/toggle",
  input: addBody,
  output: z.object({ success: z.literal(true), saved: z.boolean(), message: z.string() }),
  auth: "customer",
  summary: "Save the product when it is not on the customer's wishlist, else take it off",
  handler: async (c, input) => {
    const saved = await toggleWishlist(c.var.db, currentUser(c).id, input.productId);
    return { success: true as const, saved, message: saved ? "Added to Wishlist" : "Removed from Wishlist" };
  },
});

export const listWishlistAction = defineAction({
  method: "get",
  path: "/wishlist",
  input: undefined,
  // An entry is the product itself ("a product with id", as the storefront's client reads it): `id`
  // is the product's, so DELETE /api/wishlist/{id} removes it.
  output: z.array(productJsonSchema.extend({
    productId: z.number().int().describe("The same as id"),
    addedAt: z.string().describe("ISO 8601 date and time"),
  })),
  auth: "customer",
  summary: "The customer's wishlist, newest first: each entry is the product, with when it was saved",
  handler: async (c) =>
    (await listWishlist(c.var.db, currentUser(c).id)).map((e) => ({
      ...productJson(e.product),
      productId: e.productId,
      addedAt: e.addedAt.toISOString(),
    })),
});

export const checkWishlistAction = defineAction({
  method: "get",
  path: "/wishlist/check/:id",
  input: undefined,
  output: z.object({ inWishlist: z.boolean() }),
  auth: "customer",
  summary: "Whether a product is on the customer's wishlist",
  handler: async (c) => ({
    inWishlist: await isInWishlist(c.var.db, currentUser(c).id, parseId(c.req.param("id"))),
  }),
});

export function wishlistApi() {
  return actionApi("/wishlist", [
    listWishlistAction,
    addToWishlistAction,
    checkWishlistAction,
    removeFromWishlistAction,
    toggleWishlistAction,
  ], requireUser());
}
