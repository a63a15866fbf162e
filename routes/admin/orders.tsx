/**
 * The admin order screens: GET /admin/orders (filters, search, paging), GET /admin/orders.csv (the
 * same filtered list as CSV), GET /admin/orders/{id}, and the form posts of the detail page
 * (/admin/orders/{id}/status, /refund, /notes, /shipments, /shipments/{shipmentId}/tracking), each answered
 * with a redirect back and a toast,
 * so the page works without JavaScript. Guarded by routes/admin/mod.ts.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { AdminOrderList } from "../../components/admin/orders/AdminOrderList.tsx";
import { AdminOrderDetailView } from "../../components/admin/orders/AdminOrderDetail.tsx";
import { customerTagsInUse } from "../../domains/accounts/mod.ts";
import { findLocker, VAT_RATE_PERCENT, vatIncluded } from "../../domains/checkout/mod.ts";
import {
  adminOrdersCsv,
  fulfilmentSchemas,
  getAdminOrder,
  lineFulfilment,
  listAdminOrders,
  packingSlipIds,
  type PackingSlipShop,
  packingSlipsPdf,
  parcelsToList,
  TRANSITIONS,
} from "../../domains/fulfilment/mod.ts";
import { AppError, ValidationError } from "../../lib/errors.ts";
import { formatMoney } from "../../lib/money.ts";
import { setFlash } from "../flash.ts";
import type { ToastInput } from "../../client/toast.ts";

import {
  orderNoteAction,
  orderStatusAction,
  parcelTrackingAction,
  refundAction,
  shipmentAction,
} from "../api/admin_orders.ts";
import { formRoute } from "../action.ts";
import { renderAdminPage } from "./render.tsx";
import { csvDownload } from "./csv_download.ts";
import { editLinesPanel } from "./staff_orders.tsx";
import { orderDocuments } from "../../domains/tax_documents/mod.ts";
import { creditNotePdfRoute, invoicePdfRoute } from "../tax_documents.ts";
import { siteShop } from "../shop_info.ts";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

const ACTIVE = "/admin/orders";

function orderIdOf(c: Context<AppEnv>): number {
  const parsed = fulfilmentSchemas.orderIdParam.safeParse({ id: c.req.param("id") });
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
  return parsed.data.id;
}

/** Back to the order page with a green toast. */
function doneToOrder(c: Context<AppEnv>, id: number, done: { title: string; description?: string }) {
  setFlash(c, { ...done, variant: "success" });
  return c.redirect(`/admin/orders/${id}`, 303);
}

/** Back to the page of the order the form's path names, with a toast. */
function toastToOrderOfPath(c: Context<AppEnv>, toast: ToastInput) {
  setFlash(c, toast);
  return c.redirect(`/admin/orders/${c.req.param("id")}`, 303);
}

/** Back to the order page with a red toast: a refusal (400, 404, 409) in the domain's words. */
function refusedToOrder(c: Context<AppEnv>, id: number, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  setFlash(c, { title: "Not done", description: err.message, variant: "destructive" });
  return c.redirect(`/admin/orders/${id}`, 303);
}

/** The sender block of a packing slip: the shop's details as staff set them in /admin/settings. */
async function packingSlipShop(c: Context<AppEnv>): Promise<PackingSlipShop> {
  const shop = await siteShop(c);
  return {
    name: shop.name,
    addressLines: [shop.contact.address].filter(Boolean),
    phone: shop.contact.phone || null,
    email: shop.contact.email || null,
  };
}

/** Answers a packing slip PDF: shown in the browser (to print), never kept by a shared cache. */
function packingSlipResponse(c: Context<AppEnv>, bytes: Uint8Array, filename: string): Response {
  c.header("Content-Type", "application/pdf");
  c.header("Content-Disposition", `inline; filename="${filename}"`);
  // A slip holds the customer's name, address and phone number.
  c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
  c.header("X-Content-Type-Options", "nosniff");
  return c.body(bytes as Uint8Array<ArrayBuffer>);
}

export function ordersAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/orders", async (c) => {
    const parsed = fulfilmentSchemas.adminOrdersQuery.safeParse(c.req.query());
    const query = parsed.success ? parsed.data : {};
    const [result, tagsInUse] = await Promise.all([listAdminOrders(c.var.db, query), customerTagsInUse(c.var.db)]);
    const raw = c.req.query();
    return renderAdminPage(c, {
      title: "Orders",
      active: ACTIVE,
      body: (
        <AdminOrderList
          result={result}
          filters={parsed.success
            ? {
              status: query.status,
              payment: query.payment,
              source: query.source,
              q: query.q,
              tag: query.tag,
              from: query.from,
              to: query.to,
            }
            : { q: typeof raw.q === "string" ? raw.q.slice(0, 100) : undefined }}
          tagsInUse={tagsInUse.map((t) => t.tag)}
          error={parsed.success ? null : `${parsed.error.issues[0].message} Showing all orders instead.`}
        />
      ),
    });
  });

  app.get("/orders.csv", async (c) => {
    const parsed = fulfilmentSchemas.adminOrdersQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
    const { page: _page, ...filters } = parsed.data;
    const csv = await adminOrdersCsv(c.var.db, filters);
    return csvDownload(c, `orders-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  });

  // Before /orders/:id, which would take "packing-slips.pdf" for an id.
  app.get("/orders/packing-slips.pdf", async (c) => {
    const ids = packingSlipIds(c.req.queries("ids") ?? []);
    const { bytes } = await packingSlipsPdf(c.var.db, ids, await packingSlipShop(c), findLocker);
    const stamp = new Date().toISOString().slice(0, 10);
    return packingSlipResponse(c, bytes, `packing-slips-${stamp}.pdf`);
  });

  app.get("/orders/:id/packing-slip.pdf", async (c) => {
    const { bytes, orders } = await packingSlipsPdf(c.var.db, [orderIdOf(c)], await packingSlipShop(c), findLocker);
    return packingSlipResponse(c, bytes, `packing-slip-${orders[0].orderNumber}.pdf`);
  });

  app.get("/orders/:id/invoice.pdf", (c) => invoicePdfRoute(c, { staff: true }));
  app.get("/orders/:id/credit-note.pdf", (c) => creditNotePdfRoute(c, { staff: true }));
  app.get("/orders/:id/credit-notes/:file", (c) => creditNotePdfRoute(c, { staff: true }));

  app.get("/orders/:id", async (c) => {
    const detail = await getAdminOrder(c.var.db, orderIdOf(c));
    const { order } = detail;
    return renderAdminPage(c, {
      title: `Order ${order.orderNumber}`,
      active: ACTIVE,
      body: (
        <>
          <AdminOrderDetailView
            detail={detail}
            locker={findLocker(order.pudoLockerCode)}
            vat={{ cents: vatIncluded(order.totalCents), ratePercent: VAT_RATE_PERCENT }}
            next={TRANSITIONS[order.status]}
            documents={await orderDocuments(c.var.db, order.id)}
            fulfilment={{
              lines: await lineFulfilment(c.var.db, order.id),
              shipments: parcelsToList(detail.shipments, order),
            }}
          />
          {await editLinesPanel(c, order.id)}
        </>
      ),
    });
  });

  // The form twins of POST /api/admin/orders/{id}/status and /refund: a confirm box the API has no
  // need of is demanded here, before the action runs.
  formRoute(app, orderStatusAction, {
    path: "/orders/:id/status",
    input: (fields) => {
      const { confirm, ...rest } = fields;
      const body = fulfilmentSchemas.statusBody.safeParse(rest);
      if (body.success && body.data.status === "cancelled" && confirm !== "yes") {
        throw new ValidationError("Tick the box to confirm the cancellation.");
      }
      return rest;
    },
    onSuccess: (c, order) => {
      const titles: Record<string, string> = {
        shipped: "Order shipped",
        delivered: "Order delivered",
        cancelled: "Order cancelled",
      };
      const refundedCents = Math.round(order.refundedAmount * 100);
      return doneToOrder(c, order.id, {
        title: titles[order.status] ?? "Status changed",
        description: order.status === "cancelled" && refundedCents > 0
          ? `${order.orderNumber} was cancelled and ${formatMoney(refundedCents)} refunded.`
          : `${order.orderNumber} is now ${order.status}. The customer has been e-mailed where needed.`,
      });
    },
    onError: (c, err) => refusedToOrder(c, orderIdOf(c), err),
  });

  formRoute(app, refundAction, {
    path: "/orders/:id/refund",
    input: (fields) => {
      if (fields.confirm !== "yes") throw new ValidationError("Tick the box to confirm the refund.");
      const amount = Number((fields.amount ?? "").replace(",", "."));
      const restock = Object.entries(fields).flatMap(([k, v]) => {
        const m = k.match(/^restock-([1-9][0-9]{0,9})$/);
        const quantity = Number(v);
        return m && v.trim() !== "" && quantity !== 0 ? [{ orderItemId: Number(m[1]), quantity }] : [];
      });
      return {
        amount: fields.amount?.trim() ? amount : undefined,
        reason: fields.reason ?? "",
        ...(restock.length ? { restock } : {}),
      };
    },
    onSuccess: (c, order, input) =>
      doneToOrder(
        c,
        order.id,
        order.notice ? { title: "Refund recorded", description: order.notice } : {
          title: "Refund sent",
          description: `${formatMoney(Math.round(input.amount * 100))} refunded on ${order.orderNumber}.`,
        },
      ),
    onError: (c, err) => refusedToOrder(c, orderIdOf(c), err),
  });

  // "Ship selected lines": the boxes are named ship-{orderItemId}; empty and 0 are left out.
  formRoute(app, shipmentAction, {
    path: "/orders/:id/shipments",
    input: (fields) => ({
      lines: Object.entries(fields).flatMap(([k, v]) => {
        const m = k.match(/^ship-([1-9][0-9]{0,9})$/);
        return m && v.trim() !== "" && Number(v) !== 0 ? [{ orderItemId: Number(m[1]), quantity: Number(v) }] : [];
      }),
      trackingNumber: fields.trackingNumber ?? "",
      carrier: fields.carrier,
    }),
    onSuccess: (c, done, input) =>
      toastToOrderOfPath(c, {
        title: done.completed ? "Order shipped" : "Parcel shipped",
        description: done.completed
          ? "The last units are on their way: the order is now shipped and the customer has been e-mailed."
          : `Parcel ${input.trackingNumber} is recorded and the customer has been e-mailed. The order stays in processing until its last units ship.`,
        variant: "success",
      }),
    onError: (c, err) =>
      toastToOrderOfPath(c, { title: "Not shipped", description: err.message, variant: "destructive" }),
  });

  // "Edit tracking" under a parcel: the twin of PUT /api/admin/orders/{id}/shipments/{shipmentId}.
  formRoute(app, parcelTrackingAction, {
    path: "/orders/:id/shipments/:shipmentId/tracking",
    input: (fields) => ({
      trackingNumber: fields.trackingNumber ?? "",
      carrier: fields.carrier,
      notifyCustomer: fields.notifyCustomer === "yes",
    }),
    onSuccess: (c, done) =>
      toastToOrderOfPath(c, {
        title: done.changed ? "Tracking updated" : "Tracking unchanged",
        description: done.changed
          ? `The parcel's tracking number is now ${done.trackingNumber}${
            done.notified ? " and the customer has been e-mailed" : ""
          }.`
          : "The parcel already had this tracking number and carrier.",
        variant: done.changed ? "success" : "default",
      }),
    onError: (c, err) =>
      toastToOrderOfPath(c, { title: "Tracking not changed", description: err.message, variant: "destructive" }),
  });

  // The form twin of POST /api/admin/orders/{id}/notes.
  formRoute(app, orderNoteAction, {
    path: "/orders/:id/notes",
    input: (fields) => ({ body: fields.body ?? "" }),
    onSuccess: (c) => doneToOrder(c, orderIdOf(c), { title: "Note added" }),
    onError: (c, err) => refusedToOrder(c, orderIdOf(c), err),
  });
  return app;
}
