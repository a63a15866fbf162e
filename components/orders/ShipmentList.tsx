/**
 * The parcels an order went out in when it was shipped in parts (docs/decisions/0079): each with its
 * tracking number (linked to the carrier's page when known) and the units of each line in it. Read by
 * the customer's order page and the admin order page.
 */
import type { ReactNode } from "react";
import type { ShipmentView } from "../../domains/fulfilment/mod.ts";
import { TrackingNumber } from "./TrackingNumber.tsx";

const DAY = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function ShipmentList(
  { shipments, edit }: {
    shipments: ShipmentView[];
    /** Staff's controls under each parcel (the admin page's Edit tracking); none for the customer. */
    edit?: (parcel: ShipmentView) => ReactNode;
  },
) {
  return (
    <ol className="space-y-3" data-shipments>
      {shipments.map((s, n) => (
        <li key={s.id} className="rounded-lg border border-stone-200 p-3 text-sm" data-shipment={s.id}>
          <p className="font-semibold">
            {`Parcel ${n + 1} · ${DAY.format(s.createdAt)}`}
          </p>
          <p className="mt-1">
            {`Tracking${s.carrier ? ` (${s.carrier})` : ""}: `}
            <TrackingNumber number={s.trackingNumber} carrier={s.carrier} />
          </p>
          <ul className="mt-1 list-disc pl-5 text-stone-700">
            {s.lines.map((l) => <li key={l.orderItemId}>{`${l.quantity} × ${l.name}`}</li>)}
          </ul>
          {edit?.(s)}
        </li>
      ))}
    </ol>
  );
}
