/**
 * The admin order page's "Payment" card: provider, payment id, when it was paid, what was refunded
 * and what still can be, and each refund (a manual one with what staff must still do by hand).
 */
import type { AdminOrderDetail } from "../../../domains/fulfilment/mod.ts";
import { PAYFAST_MANUAL_REFUND, STITCH_MANUAL_REFUND } from "../../../domains/payments/schemas.ts";
import { formatMoney } from "../../../lib/money.ts";
import { paymentMethodText } from "../../orders/OrderDetailView.tsx";
import { adminTime } from "./AdminOrderList.tsx";
import { Card, Row } from "./OrderCard.tsx";

export function OrderPayment({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  return (
    <Card title="Payment" id="payment-title">
      <dl className="text-sm">
        <Row label="Provider">{paymentMethodText(order.paymentMethod)}</Row>
        <Row label="Payment id">{order.paymentId ?? "—"}</Row>
        <Row label="Paid at">{adminTime(order.paidAt)}</Row>
        <Row label="Refunded">
          <span data-refunded>{formatMoney(order.refundedCents)}</span>
        </Row>
        <Row label="Still refundable">{formatMoney(detail.refundableCents)}</Row>
      </dl>
      {detail.refunds.length
        ? (
          <ul className="mt-3 space-y-2 border-t border-stone-200 pt-3 text-sm" data-refunds>
            {detail.refunds.map((r) => (
              <li key={r.id}>
                <span className="font-semibold">{formatMoney(r.amountCents)}</span>
                {` · ${r.status} · ${adminTime(r.createdAt)}`}
                <span className="block text-stone-700">{r.reason}</span>
                {r.status === "manual"
                  ? (
                    <span className="block text-xs font-semibold text-amber-800" data-manual-refund>
                      {r.provider === "stitch" ? STITCH_MANUAL_REFUND : PAYFAST_MANUAL_REFUND}
                    </span>
                  )
                  : null}
                {r.providerRefundId ? <span className="block text-xs text-stone-500">{r.providerRefundId}</span> : null}
              </li>
            ))}
          </ul>
        )
        : null}
    </Card>
  );
}
