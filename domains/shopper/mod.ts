/** Read models of one signed-in shopper across the domains that own their rows. */
export { type ShopperProductState, shopperProductState } from "./product_state.ts";
