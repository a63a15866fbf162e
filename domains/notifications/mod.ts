/** Back-in-stock notifications: the domain's public surface. */
export { ALREADY_SUBSCRIBED, subscribeToStock } from "./back_in_stock.ts";
