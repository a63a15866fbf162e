/**
 * /order/{id}: one order as its customer (or an admin) reads it. An order that does not exist, is
 * someone else's, or a non-numeric id all get the same 'Order Not Found' page (404), never a 403.
 * POST /order/{id}/buy-again puts its lines back in the customer's cart.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { findLocker, VAT_RATE_PERCENT, vatIncluded } from "../../domains/checkout/mod.ts";
import { getOrder, type OrderDetail } from "../../domains/orders/mod.ts";
import { listShipments, parcelsToList } from "../../domains/fulfilment/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { idOrNull } from "../../lib/ids.ts";
import { OrderDetailView, OrderNotFoundView } from "../../components/orders/OrderDetailView.tsx";
import { currentUser, hasRole, requireUser } from "../guards.ts";
import { renderPage } from "../render.tsx";
import { type DocumentReader, orderDocuments } from "../../domains/tax_documents/mod.ts";
import { creditNotePdfRoute, invoicePdfRoute } from "../tax_documents.ts";
import { privateNoStore } from "../page_cache.ts";
import { formRoute } from "../action.ts";
import { setFlash } from "../flash.ts";
import { buyAgainAction } from "../api/orders.ts";

/** The toast after "Buy it again": what went in, and each line that did not with why. */
export function buyAgainToast({ added, refused }: { added: string[]; refused: { message: string }[] }) {
  const notAdded = refused.map((r) => r.message).join(" ");
  if (!added.length) return { title: "Nothing added to cart", description: notAdded, variant: "destructive" as const };
  return {
    title: "Added to cart",
    description: `${added.length} item${added.length === 1 ? "" : "s"} from this order added to your cart.` +
      (refused.length ? ` Not added: ${notAdded}` : ""),
    variant: "success" as const,
  };
}

/** The viewer's order, or null when they may not see it (or it does not exist). */
async function findOrder(c: Context<AppEnv>, raw: string): Promise<OrderDetail | null> {
  const id = idOrNull(raw);
  if (id === null) return null;
  const user = currentUser(c);
  try {
    return await getOrder(c.var.db, id, { userId: user.id, isAdmin: hasRole(user, "admin") });
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

export function orderPages() {
  const app = new Hono<AppEnv>();
  app.use("/order/*", requireUser(), privateNoStore);

  // The order's tax invoice and credit notes: the customer's own (an admin's: any), else 404.
  app.use("/orders/:id/*", requireUser());
  const reader = (c: Context<AppEnv>): DocumentReader => {
    const user = currentUser(c);
    return hasRole(user, "admin") ? { staff: true } : { userId: user.id };
  };
  app.get("/orders/:id/invoice.pdf", (c) => invoicePdfRoute(c, reader(c)));
  app.get("/orders/:id/credit-note.pdf", (c) => creditNotePdfRoute(c, reader(c)));
  app.get("/orders/:id/credit-notes/:file", (c) => creditNotePdfRoute(c, reader(c)));

  const notFound = (c: Context<AppEnv>) =>
    renderPage(c, {
      status: 404,
      head: {
        title: "Order Not Found",
        canonicalPath: `/order/${encodeURIComponent(c.req.param("id") ?? "")}`,
        noindex: true,
      },
      body: <OrderNotFoundView />,
    });

  app.get("/order/:id", async (c) => {
    const order = await findOrder(c, c.req.param("id"));
    const path = `/order/${encodeURIComponent(c.req.param("id"))}`;
    if (!order) return notFound(c);
    return renderPage(c, {
      head: { title: `Order #${order.orderNumber}`, canonicalPath: path, noindex: true },
      body: (
        <OrderDetailView
          order={order}
          locker={findLocker(order.pudoLockerCode)}
          vat={{ cents: vatIncluded(order.totalCents), ratePercent: VAT_RATE_PERCENT }}
          own={order.userId === currentUser(c).id}
          documents={await orderDocuments(c.var.db, order.id)}
          shipments={parcelsToList(await listShipments(c.var.db, order.id), order)}
        />
      ),
    });
  });

  // The twin of POST /api/orders/{id}/buy-again: to the cart with a toast of what went in.
  formRoute(app, buyAgainAction, {
    path: "/order/:id/buy-again",
    onSuccess: (c, result) => {
      setFlash(c, buyAgainToast(result));
      return c.redirect(result.added.length ? "/cart" : `/order/${c.req.param("id")}`, 303);
    },
    onError: (c, err) => {
      if (err.status === 404) return notFound(c);
      throw err;
    },
  });
  return app;
}
