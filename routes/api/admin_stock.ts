/** POST /api/admin/stock/receive (admin and super_admin): a supplier's delivery booked into stock. */
import { receiveStock, receiveStockInput, receiveStockOutput } from "../../flows/receive_stock.ts";
import { currentUser } from "../guards.ts";
import { actionApi, defineAction } from "../action.ts";
import { refuseBodyOver } from "../admin_limits.ts";

export const receiveStockAction = defineAction({
  method: "post",
  path: "/admin/stock/receive",
  input: receiveStockInput,
  output: receiveStockOutput,
  auth: "admin",
  middleware: [refuseBodyOver(64 * 1024)],
  summary: "Book in a delivery: add each line's units to the variant's or product's stock (matched by SKU, any " +
    "case), every line or none, recorded in the stock history as received with the reference; at most 500 lines",
  handler: (c, input) => receiveStock(c.var.db, currentUser(c).id, input),
});

export function adminStockApi() {
  return actionApi("/admin/stock", [receiveStockAction]);
}
