/**
 * The admin order page's "Delivery" card: the method (with the PUDO locker), the tracking number and
 * carrier, and when the order shipped and was delivered.
 */
import type { AdminOrderDetail } from "../../../domains/fulfilment/mod.ts";
import { TrackingNumber } from "../../orders/TrackingNumber.tsx";
import { adminTime } from "./AdminOrderList.tsx";
import { Card, Row } from "./OrderCard.tsx";

export function OrderDelivery(
  { order, locker }: { order: AdminOrderDetail["order"]; locker: { name: string; address: string } | null },
) {
  const delivery = order.shippingMethod === "pudo_locker" ? "PUDO locker" : "Standard delivery";
  return (
    <Card title="Delivery" id="delivery-title">
      <dl className="text-sm">
        <Row label="Method">{delivery}</Row>
        {order.shippingMethod === "pudo_locker"
          ? (
            <Row label="Locker">
              {locker ? `${locker.name}, ${locker.address}` : order.pudoLockerAddress ?? order.pudoLockerCode ?? "—"}
            </Row>
          )
          : null}
        <Row label="Tracking number">
          <span data-tracking>
            {order.trackingNumber ? <TrackingNumber number={order.trackingNumber} carrier={order.carrier} /> : "—"}
          </span>
        </Row>
        <Row label="Carrier">{order.carrier ?? "—"}</Row>
        <Row label="Shipped">{adminTime(order.shippedAt)}</Row>
        <Row label="Delivered">{adminTime(order.deliveredAt)}</Row>
      </dl>
    </Card>
  );
}
