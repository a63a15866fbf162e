/**
 * /admin/purchase-orders (decision 0117): the list, /new (typed, or filled in from the restock plan
 * with ?days=&cover=), one purchase order with its CSV, and the forms that place one, book a delivery
 * in against it, close it and cancel it: the form twins of /api/admin/purchase-orders. Guarded by
 * routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { RESTOCK_PAGE_ROWS, restockPlan, restockQuery } from "../../domains/dashboard/mod.ts";
import {
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderCsv,
  purchaseOrderIdParam,
  purchaseOrderListQuery,
  suppliersInUse,
} from "../../domains/purchasing/mod.ts";
import { saDay } from "../../lib/sa_dates.ts";
import { MAX_RECEIVE_LINES, parseReceiveText } from "../../flows/receive_stock.ts";
import { type AppError, ValidationError } from "../../lib/errors.ts";
import {
  NewPurchaseOrderView,
  PurchaseOrderDetail,
  PurchaseOrderList,
} from "../../components/admin/purchase_orders/PurchaseOrderViews.tsx";
import type { FormState } from "../../components/ui/Field.tsx";
import { fieldMessages, formRoute } from "../action.ts";
import {
  cancelPurchaseOrderAction,
  closePurchaseOrderAction,
  createPurchaseOrderAction,
  receivePurchaseOrderAction,
  sendPurchaseOrderAction,
} from "../api/admin_purchase_orders.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { csvDownload } from "./csv_download.ts";
import { pageQuery } from "./page_query.ts";

const ACTIVE = "/admin/purchase-orders";

/** "1 line", "3 units". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

function idOf(c: Context<AppEnv>): number {
  const parsed = purchaseOrderIdParam.safeParse({ id: c.req.param("id") });
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
  return parsed.data.id;
}

async function newPage(c: Context<AppEnv>, state: FormState, status: 200 | 400 = 200, planNote?: string) {
  return renderAdminPage(c, {
    title: "New purchase order",
    active: ACTIVE,
    status,
    body: <NewPurchaseOrderView state={state} planNote={planNote} suppliers={await suppliersInUse(c.var.db)} />,
  });
}

async function detailPage(c: Context<AppEnv>, id: number, state: FormState = {}, status: 200 | 400 | 409 = 200) {
  const order = await getPurchaseOrder(c.var.db, id);
  return renderAdminPage(c, {
    title: order.number,
    active: ACTIVE,
    status,
    body: <PurchaseOrderDetail order={order} state={state} today={saDay(new Date())} />,
  });
}

/** Back to the purchase order with a toast: done (green) or refused in the flow's words (red). */
function toOrder(c: Context<AppEnv>, id: number, title: string, description: string, ok: boolean) {
  setFlash(c, { title, description, variant: ok ? "success" : "destructive" });
  return c.redirect(`/admin/purchase-orders/${id}`, 303);
}

/** The form's "receive-{lineId}" boxes as the action's lines (empty boxes left out). */
function receivedLines(fields: Record<string, string>) {
  return Object.entries(fields).flatMap(([k, v]) => {
    const m = k.match(/^receive-([1-9][0-9]{0,9})$/);
    return m && v.trim() !== "" ? [{ lineId: Number(m[1]), quantity: Number(v.trim()) }] : [];
  });
}

export function purchaseOrdersAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const query = pageQuery(c, purchaseOrderListQuery);
    return renderAdminPage(c, {
      title: "Purchase orders",
      active: ACTIVE,
      body: (
        <PurchaseOrderList
          orders={await listPurchaseOrders(c.var.db, query)}
          status={query.status}
          today={saDay(new Date())}
        />
      ),
    });
  });

  // Empty, or filled in from the restock plan (its days and cover in the query).
  app.get("/new", async (c) => {
    const asked = c.req.query();
    if (asked.days === undefined && asked.cover === undefined) return newPage(c, {});
    const query = pageQuery(c, restockQuery);
    const plan = await restockPlan(c.var.db, query, { limit: Math.min(RESTOCK_PAGE_ROWS, MAX_RECEIVE_LINES) });
    return newPage(
      c,
      {
        values: {
          supplier: query.supplier ?? "",
          lines: plan.rows.map((r) => `${r.sku}, ${r.order}`).join("\n"),
        },
      },
      200,
      `Filled in from the restock plan (${count(plan.rows.length, "line")}, to last ${query.cover} days${
        query.supplier ? `, last ordered from ${query.supplier}` : ""
      }). Leave out what this supplier does not sell.`,
    );
  });

  formRoute(app, createPurchaseOrderAction, {
    path: "/new",
    input: (fields) => ({
      supplier: fields.supplier ?? "",
      supplierEmail: fields.supplierEmail ?? "",
      expectedOn: fields.expectedOn ?? "",
      note: fields.note ?? "",
      lines: parseReceiveText(fields.lines ?? ""),
    }),
    onSuccess: (c, po) => {
      setFlash(c, {
        title: "Purchase order placed",
        description: `${po.number} to ${po.supplier}: ${count(po.lineCount, "line")}, ${
          count(po.orderedUnits, "unit")
        }.`,
        variant: "success",
      });
      return c.redirect(`/admin/purchase-orders/${po.id}`, 303);
    },
    onError: (c, err: AppError, fields) => {
      const errors = fieldMessages(err);
      // Every refused line at once, so a long order is mended in one go.
      if (err instanceof ValidationError && errors.lines) {
        errors.lines = err.issues.filter((i) => i.path.startsWith("lines")).map((i) => i.message).join(". ");
      }
      return newPage(c, { values: fields, errors, message: Object.keys(errors).length ? undefined : err.message }, 400);
    },
  });

  app.get("/:id/purchase-order.csv", async (c) => {
    const order = await getPurchaseOrder(c.var.db, idOf(c));
    return csvDownload(c, `${order.number}.csv`, purchaseOrderCsv(order));
  });
  app.get("/:id", (c) => detailPage(c, idOf(c)));

  formRoute(app, receivePurchaseOrderAction, {
    path: "/:id/receive",
    input: (fields) => ({ lines: receivedLines(fields), reference: fields.reference ?? "" }),
    onSuccess: (c, done, input) =>
      toOrder(
        c,
        done.purchaseOrder.id,
        done.purchaseOrder.status === "received" ? "Received in full" : "Delivery booked in",
        `${count(done.units, "unit")} added to stock${input.reference ? ` (${input.reference})` : ""}${
          done.extra ? `, ${done.extra} more than ordered` : ""
        }.${
          done.purchaseOrder.status === "open"
            ? ` ${count(done.purchaseOrder.outstandingUnits, "unit")} still awaited.`
            : ""
        }`,
        true,
      ),
    onError: (c, err: AppError, fields) => {
      const errors = fieldMessages(err);
      return detailPage(
        c,
        idOf(c),
        errors.reference
          ? { values: fields, errors: { reference: errors.reference } }
          : { values: fields, message: err.message },
        err.status === 409 ? 409 : 400,
      );
    },
  });

  formRoute(app, sendPurchaseOrderAction, {
    path: "/:id/send",
    input: (fields) => ({ to: fields.to ?? "" }),
    onSuccess: (c, po, input) =>
      toOrder(c, po.id, "Sent to the supplier", `${po.number} was e-mailed to ${input.to}.`, true),
    onError: (c, err: AppError, fields) => {
      const errors = fieldMessages(err);
      return detailPage(
        c,
        idOf(c),
        errors.to ? { values: fields, errors: { to: errors.to } } : { values: fields, message: err.message },
        err.status === 409 ? 409 : 400,
      );
    },
  });

  formRoute(app, closePurchaseOrderAction, {
    path: "/:id/close",
    onSuccess: (c, po) =>
      toOrder(c, po.id, "Purchase order closed", `${po.number}: the rest is no longer on order.`, true),
    onError: (c, err) => toOrder(c, idOf(c), "Not closed", err.message, false),
  });

  formRoute(app, cancelPurchaseOrderAction, {
    path: "/:id/cancel",
    onSuccess: (c, po) => toOrder(c, po.id, "Purchase order cancelled", `${po.number} is cancelled.`, true),
    onError: (c, err) => toOrder(c, idOf(c), "Not cancelled", err.message, false),
  });
  return app;
}
