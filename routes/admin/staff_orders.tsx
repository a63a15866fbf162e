/**
 * The screens of orders staff take (docs/staff-orders.md), guarded by routes/admin/mod.ts:
 *
 *   GET  /admin/orders/new            find a customer (?q=), find products (?pq=), the lines so far
 *                                     (?lines=), the delivery address prefilled from the customer's default
 *   POST /admin/orders/new            the form twin of POST /api/admin/orders: to the new order's page
 *   POST /admin/orders/{id}/lines     the form twin of the line edit: back to the order with a toast
 *
 * Mounted before routes/admin/orders.tsx, whose /orders/:id would take "new" for an id.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { listUsers } from "../../domains/accounts/mod.ts";
import { getUserDetail } from "../../flows/staff_user_detail.ts";
import { defaultAddresses, PUDO_LOCKERS } from "../../domains/checkout/mod.ts";
import { findSellable, itemLabels } from "../../flows/line_order.ts";
import { getAdminOrder } from "../../domains/fulfilment/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { AppError } from "../../lib/errors.ts";
import {
  type CustomerHit,
  EditLinesForm,
  type FormLine,
  linesFromFields,
  NewStaffOrderPage,
} from "../../components/admin/orders/StaffOrderForms.tsx";
import { emptyAddressValues, valuesFromForm } from "../../components/account/AddressForm.tsx";
import { fieldMessages, formRoute } from "../action.ts";
import { setFlash } from "../flash.ts";
import { createStaffOrderAction, orderLinesAction } from "../api/admin_staff_orders.ts";
import { renderAdminPage } from "./render.tsx";
import { lineLabel } from "../../lib/line_label.ts";

const ACTIVE = "/admin/orders";
const text = (v: string | undefined, max = 100) => (v ?? "").slice(0, max);
const isId = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;

/** "12:3:2,15::1" back into lines (bad parts are dropped: the page only reads its own links). */
function decodeLines(raw: string): FormLine[] {
  return raw.split(",").slice(0, 50).flatMap((part) => {
    const m = /^([1-9][0-9]{0,9}):([1-9][0-9]{0,9})?:([1-9][0-9]?)$/.exec(part);
    return m ? [{ productId: Number(m[1]), variantId: m[2] ? Number(m[2]) : null, quantity: Number(m[3]) }] : [];
  });
}

async function newOrderPage(
  c: Context<AppEnv>,
  form?: { values: Record<string, string>; errors: Record<string, string>; message: string | null },
) {
  const state = {
    q: text(c.req.query("q")) || undefined,
    customer: /^[1-9][0-9]{0,9}$/.test(c.req.query("customer") ?? "") ? c.req.query("customer") : undefined,
    pq: text(c.req.query("pq")) || undefined,
    lines: text(c.req.query("lines"), 2000) || undefined,
  };
  const db = c.var.db;
  const toHit = (u: { id: number; email: string; firstName: string | null; lastName: string | null }): CustomerHit => ({
    id: u.id,
    email: u.email,
    name: [u.firstName, u.lastName].filter(Boolean).join(" ") || null,
  });
  const customers = state.q
    ? (await listUsers(db, { q: state.q, role: "customer", pageSize: 10 })).items.map(toHit)
    : [];
  const customerId = form?.values.customerId ?? state.customer;
  const chosenRow = customerId ? await getUserDetail(db, Number(customerId)).catch(() => undefined) : undefined;
  const chosen = chosenRow ? toHit(chosenRow) : null;
  const products = state.pq ? await findSellable(db, state.pq) : [];
  const listed = (form ? linesFromFields(form.values) as FormLine[] : decodeLines(state.lines ?? ""))
    // Only what can be an id is looked up (a typed 2^40 would be out of the column's range).
    .filter((l) => isId(l.productId) && (l.variantId === null || l.variantId === undefined || isId(l.variantId)));
  const labels = await itemLabels(db, listed.map((l) => ({ productId: l.productId, variantId: l.variantId ?? null })));
  const lines = listed.map((l) => ({ ...l, label: labels.get(`${l.productId}:${l.variantId ?? null}`) }));
  let address = emptyAddressValues({ firstName: chosenRow?.firstName, lastName: chosenRow?.lastName });
  if (form) address = valuesFromForm(form.values);
  else if (chosen) {
    const { shippingAddress } = await defaultAddresses(db, chosen.id);
    if (shippingAddress) {
      address = {
        ...address,
        ...Object.fromEntries(
          Object.entries(shippingAddress).map(([k, v]) => [k, typeof v === "string" ? v : ""]),
        ),
      } as typeof address;
    }
  }
  return renderAdminPage(c, {
    title: "New order",
    active: ACTIVE,
    status: form ? (form.message && !Object.keys(form.errors).length ? 409 : 400) : 200,
    body: (
      <NewStaffOrderPage
        state={state}
        customers={customers}
        chosen={chosen}
        products={products}
        lines={lines}
        address={address}
        lockers={PUDO_LOCKERS.map((l) => ({ id: l.id, name: l.name }))}
        values={form?.values}
        errors={form?.errors}
        message={form?.message}
      />
    ),
  });
}

/** The form's fields as the action's input. */
function staffOrderInput(fields: Record<string, string>) {
  const address = valuesFromForm(fields);
  return {
    ...(fields.customerId ? { customerId: fields.customerId } : { email: fields.email ?? "" }),
    items: linesFromFields(fields),
    shippingMethod: fields.shippingMethod || "standard",
    pudoLockerCode: fields.pudoLockerCode || null,
    address: {
      firstName: address.firstName,
      lastName: address.lastName,
      addressLine1: address.addressLine1,
      addressLine2: address.addressLine2 || null,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
      phone: address.phone || null,
      instructions: address.instructions || null,
    },
    ...(fields.note?.trim() ? { note: fields.note } : {}),
  };
}

/** Address errors arrive as "address.city": the form's fields are named "city". */
function formErrors(err: AppError): Record<string, string> {
  const out: Record<string, string> = {};
  if ("issues" in err && Array.isArray(err.issues)) {
    for (const issue of err.issues as { path: string; message: string }[]) {
      const parts = issue.path.split(".");
      const key = parts[0] === "address" ? parts[1] : parts[0];
      if (key) out[key] ??= issue.message || err.message;
    }
  }
  return Object.keys(out).length ? out : fieldMessages(err);
}

export function staffOrdersAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/orders/new", (c) => newOrderPage(c));
  formRoute(app, createStaffOrderAction, {
    path: "/orders/new",
    input: staffOrderInput,
    onSuccess: (c, order) => {
      setFlash(c, {
        title: "Order created",
        description: `${order.orderNumber} (${
          formatMoney(Math.round(order.total * 100))
        }): the customer was e-mailed the pay link.`,
        variant: "success",
      });
      return c.redirect(`/admin/orders/${order.id}`, 303);
    },
    onError: (c, err, fields) =>
      newOrderPage(c, { values: fields, errors: err.status === 400 ? formErrors(err) : {}, message: err.message }),
  });
  formRoute(app, orderLinesAction, {
    path: "/orders/:id/lines",
    input: (fields) => ({ items: linesFromFields(fields) }),
    onSuccess: (c, order) => {
      setFlash(c, {
        title: "Lines changed",
        description: `${order.orderNumber} now totals ${formatMoney(Math.round(order.total * 100))}.`,
        variant: "success",
      });
      return c.redirect(`/admin/orders/${order.id}`, 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Not done", description: err.message, variant: "destructive" });
      return c.redirect(`/admin/orders/${c.req.param("id")}`, 303);
    },
  });
  return app;
}

/** The "Edit lines" form under an unpaid pay-link order's page; null for any other order. */
export async function editLinesPanel(c: Context<AppEnv>, orderId: number) {
  const { order, source } = await getAdminOrder(c.var.db, orderId);
  if (source === "web" || order.status !== "pending" || order.paidAt) return null;
  return (
    <EditLinesForm
      orderId={order.id}
      lines={order.items.flatMap((i) =>
        i.productId === null ? [] : [{
          productId: i.productId,
          variantId: i.variantId,
          quantity: i.quantity,
          label: lineLabel(i),
        }]
      )}
    />
  );
}
