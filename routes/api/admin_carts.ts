/** GET /api/admin/carts (admin and super_admin): the carts signed-in customers have left open. */
import { z } from "zod";
import { listOpenCarts, openCartsQuery } from "../../domains/cart/mod.ts";
import { toRand } from "../../lib/money.ts";
import { validate } from "../validate.ts";
import { actionApi, defineAction, validQuery } from "../action.ts";

export const openCartsAction = defineAction({
  method: "get",
  path: "/admin/carts",
  input: undefined,
  output: z.object({
    items: z.array(z.object({
      userId: z.number().int(),
      username: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      lines: z.number().int(),
      units: z.number().int(),
      value: z.number().describe("Rand at today's prices, before coupons and delivery"),
      changedAt: z.string(),
      remindedAt: z.string().nullable().describe("When the customer was last sent a cart reminder"),
    })),
    total: z.number().int(),
  }),
  auth: "admin",
  middleware: [validate("query", openCartsQuery)],
  summary: "The carts signed-in customers have left open, the most recently changed first (25 a page)",
  handler: async (c) => {
    const { items, total } = await listOpenCarts(c.var.db, validQuery(c, openCartsQuery).page);
    return {
      total,
      items: items.map(({ valueCents, changedAt, remindedAt, ...cart }) => ({
        ...cart,
        value: toRand(valueCents),
        changedAt: changedAt.toISOString(),
        remindedAt: remindedAt?.toISOString() ?? null,
      })),
    };
  },
});

export function adminCartsApi() {
  return actionApi("/admin/carts", [openCartsAction]);
}
