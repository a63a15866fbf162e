/**
 * The cart API (guest or signed in): GET /api/cart here; the actions (add, change, remove, clear,
 * apply and remove a coupon) are declared in cart_actions.ts and mounted through jsonRoute.
 */
import { actionApi, defineAction } from "../action.ts";
import { cartSchema } from "../../contract/cart.ts";
import { cartActions, currentCart } from "./cart_actions.ts";

export const cartAction = defineAction({
  method: "get",
  path: "/cart",
  input: undefined,
  output: cartSchema,
  auth: "public",
  summary: "The visitor's or customer's cart: lines at today's prices, coupon, discounts and totals",
  handler: currentCart,
});

export function cartApi() {
  return actionApi("/cart", [cartAction, ...cartActions]);
}
