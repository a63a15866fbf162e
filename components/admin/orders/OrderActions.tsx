/**
 * The admin order page's "Actions" card: the forms its status allows, each a plain form that works
 * without JavaScript: ship (tracking number, carrier), ship selected lines, mark delivered, and the
 * destructive refund and cancel, which each ask for a ticked confirmation.
 */
import type { ReactNode } from "react";
import type { AdminOrderDetail, LineFulfilment } from "../../../domains/fulfilment/mod.ts";
import { formatMoney } from "../../../lib/money.ts";
import { paymentMethodText } from "../../orders/OrderDetailView.tsx";
import { dangerButton, primaryButton } from "../../ui/buttons.ts";
import { Field } from "../../ui/Field.tsx";
import { TextareaField } from "../shared/FormFields.tsx";
import { LineQuantities, ShipLinesForm, TrackingFields } from "./ShipLinesForm.tsx";

function Confirm({ name, text }: { name: string; text: string }) {
  return (
    <label className="mt-3 flex items-start gap-2 text-sm text-stone-800">
      <input type="checkbox" name={name} value="yes" required className="mt-0.5 h-4 w-4 accent-red-700" />
      <span>{text}</span>
    </label>
  );
}

/** A refund or a cancellation: set apart below a rule from the routine actions, under its heading. */
function DestructiveAction(
  { action, kind, title, children }: { action: string; kind: string; title: string; children: ReactNode },
) {
  return (
    <form method="post" action={action} className="space-y-3 border-t border-stone-200 pt-5" data-action={kind}>
      <h3 className="font-semibold">{title}</h3>
      {children}
    </form>
  );
}

/**
 * What a cancel puts back on the shelf, in the confirm box's words: every unit, or (once parcels have
 * gone out) only the units still to ship, which are what checkedRestock gives back.
 */
function backInStock(lines: LineFulfilment[] | undefined): string {
  const shipped = lines?.reduce((sum, l) => sum + l.shipped, 0) ?? 0;
  if (shipped === 0) return "put every unit back in stock";
  const back = lines!.reduce((sum, l) => sum + l.toShip, 0);
  const sent = `the ${shipped} shipped ${shipped === 1 ? "unit stays" : "units stay"} out of stock`;
  return back === 0
    ? `leave stock as it is (${sent})`
    : `put ${back} unshipped ${back === 1 ? "unit" : "units"} back in stock (${sent})`;
}

/** The refund form: an amount up to what is left, a reason, and per line how many units go back on the shelf. */
function RefundForm({ detail, base }: { detail: AdminOrderDetail; base: string }) {
  const { order } = detail;
  const refundable = detail.refundableCents;
  // Units earlier refunds already put back cannot go back twice.
  const restocked = new Map<number, number>();
  for (const r of detail.refunds) {
    for (const l of r.restock) restocked.set(l.orderItemId, (restocked.get(l.orderItemId) ?? 0) + l.quantity);
  }
  return (
    <DestructiveAction action={`${base}/refund`} kind="refund" title="Refund">
      <p className="text-sm text-stone-600">
        {`Up to ${formatMoney(refundable)} can be refunded, through ${paymentMethodText(order.paymentMethod)}.`}
      </p>
      <Field
        id="refund-amount"
        label="Amount (R)"
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        max={(refundable / 100).toFixed(2)}
        required
      />
      <TextareaField
        id="refund-reason"
        label="Reason"
        name="reason"
        required
        minLength={3}
        maxLength={500}
        rows={2}
      />
      <LineQuantities
        legend="Put back in stock (optional)"
        lines={order.items.map((i) => {
          const left = i.quantity - (restocked.get(i.id) ?? 0);
          return {
            name: `restock-${i.id}`,
            label: <>{i.name}{i.variantName ? ` (${i.variantName})` : ""}</>,
            note: `${left} of ${i.quantity} can go back`,
            max: left,
          };
        })}
      />
      <Confirm name="confirm" text="Yes, send this refund to the customer. It cannot be undone." />
      <button type="submit" className={dangerButton}>Refund</button>
    </DestructiveAction>
  );
}

export function OrderActions(
  { detail, next, lines }: { detail: AdminOrderDetail; next: readonly string[]; lines?: LineFulfilment[] },
) {
  const { order } = detail;
  const base = `/admin/orders/${order.id}`;
  const paid = order.paidAt !== null;
  const refundable = detail.refundableCents;
  const canRefund = refundable > 0 && ["processing", "shipped", "delivered"].includes(order.status);
  if (!next.length && !canRefund) {
    return <p className="text-sm text-stone-600">{`This order is ${order.status}: there is nothing more to do.`}</p>;
  }
  return (
    <div className="space-y-6">
      {next.includes("shipped")
        ? (
          <form method="post" action={`${base}/status`} className="space-y-3" data-action="ship">
            <input type="hidden" name="status" value="shipped" />
            <h3 className="font-semibold">Mark as shipped</h3>
            <TrackingFields prefix="ship" />
            <button type="submit" className={primaryButton}>Mark as shipped</button>
            <p className="text-xs text-stone-500">The customer gets an e-mail with the tracking number.</p>
          </form>
        )
        : null}
      {next.includes("shipped") && paid && lines ? <ShipLinesForm orderId={order.id} lines={lines} /> : null}
      {next.includes("delivered")
        ? (
          <form method="post" action={`${base}/status`} data-action="deliver">
            <input type="hidden" name="status" value="delivered" />
            <h3 className="font-semibold">Delivered?</h3>
            <p className="mt-1 text-sm text-stone-600">
              The customer gets an e-mail inviting them to review each product.
            </p>
            <button type="submit" className={`${primaryButton} mt-3`}>Mark as delivered</button>
          </form>
        )
        : null}
      {canRefund ? <RefundForm detail={detail} base={base} /> : null}
      {next.includes("cancelled")
        ? (
          <DestructiveAction action={`${base}/status`} kind="cancel" title="Cancel the order">
            <input type="hidden" name="status" value="cancelled" />
            <Field id="cancel-note" label="Reason (optional, kept as an internal note)" name="note" maxLength={2000} />
            <Confirm
              name="confirm"
              text={paid && refundable > 0
                ? `Yes, cancel this order, refund ${formatMoney(refundable)} to the customer and ${backInStock(lines)}.`
                : `Yes, cancel this order and ${backInStock(lines)}.`}
            />
            <button type="submit" className={dangerButton}>Cancel order</button>
          </DestructiveAction>
        )
        : null}
    </div>
  );
}
