/**
 * The admin order page's "Delivery" card: the method (with the PUDO locker), the tracking number and
 * carrier, and when the order shipped and was delivered; for an order sent in one parcel under that
 * number, the parcel's Edit tracking.
 */
import type { AdminOrderDetail, ShipmentView } from "../../../domains/fulfilment/mod.ts";
import { ParcelTrackingForm } from "./ParcelTrackingForm.tsx";
import { TrackingNumber } from "../../orders/TrackingNumber.tsx";
import { adminTime } from "./AdminOrderList.tsx";
import { Card, Row } from "./OrderCard.tsx";

export function OrderDelivery(
  { order, locker, parcel }: {
    order: AdminOrderDetail["order"];
    locker: { name: string; address: string } | null;
    /** The one parcel the order went out in, when the Parcels card is not shown for it. */
    parcel?: ShipmentView | null;
  },
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
      {parcel ? <ParcelTrackingForm orderId={order.id} parcel={parcel} /> : null}
    </Card>
  );
}
