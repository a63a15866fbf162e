/** /admin/carts: the carts signed-in customers have left open (the JSON twin is routes/api/admin_carts.ts). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { listOpenCarts, OPEN_CARTS_PAGE_SIZE, openCartsQuery } from "../../domains/cart/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { OpenCartsView } from "../../components/admin/carts/OpenCartsView.tsx";
import { renderAdminPage } from "./render.tsx";

export function cartsAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const parsed = openCartsQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
    const { items, total } = await listOpenCarts(c.var.db, parsed.data.page);
    return renderAdminPage(c, {
      title: "Open carts",
      active: "/admin/carts",
      body: <OpenCartsView items={items} total={total} page={parsed.data.page} pageSize={OPEN_CARTS_PAGE_SIZE} />,
    });
  });
  return app;
}
