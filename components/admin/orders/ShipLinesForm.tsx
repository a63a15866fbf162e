/**
 * The admin order page's "Ship selected lines" form (partial fulfilment, docs/decisions/0079): a
 * quantity box per line still to ship, the parcel's tracking number and carrier. A plain form posting
 * to /admin/orders/{id}/shipments, so it works without JavaScript. Also the per-line quantity boxes and
 * the tracking boxes the order page's other forms share.
 */
import type { ReactNode } from "react";
import type { LineFulfilment } from "../../../domains/fulfilment/mod.ts";
import { CARRIER_NAMES } from "../../../domains/carriers/mod.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { Field, fieldLabelClass } from "../../ui/Field.tsx";

export function ShipLinesForm({ orderId, lines }: { orderId: number; lines: LineFulfilment[] }) {
  const open = lines.filter((l) => l.toShip > 0);
  if (!open.length) return null;
  return (
    <form method="post" action={`/admin/orders/${orderId}/shipments`} className="space-y-3" data-action="ship-lines">
      <h3 className="font-semibold">Ship selected lines</h3>
      <p className="text-sm text-stone-600">
        Send part of the order now. The order stays in processing until its last units ship.
      </p>
      <LineQuantities
        legend="Units in this parcel"
        lines={open.map((l) => ({
          name: `ship-${l.orderItemId}`,
          label: l.name,
          note: `${l.toShip} of ${l.ordered} left to ship`,
          max: l.toShip,
        }))}
      />
      <TrackingFields prefix="parcel" />
      <button type="submit" className={secondaryButton}>Ship selected lines</button>
      <p className="text-xs text-stone-500">The customer gets an e-mail naming what is in the parcel.</p>
    </form>
  );
}

/** One order line's box in {@link LineQuantities}: its field name (also its id), label, note and most units. */
export interface LineQuantity {
  name: string;
  label: ReactNode;
  note: string;
  max: number;
}

/**
 * A number box for each order line (0 up to the line's most, starting at 0) under `legend`: the units a parcel
 * ships, or the units a refund puts back in stock. A line with nothing left is shown disabled.
 */
export function LineQuantities({ legend, lines }: { legend: string; lines: LineQuantity[] }) {
  return (
    <fieldset>
      <legend className={fieldLabelClass}>{legend}</legend>
      <div className="mt-1 space-y-2">
        {lines.map((l) => (
          <div key={l.name} className="flex items-center justify-between gap-3 text-sm">
            <label htmlFor={l.name} className="min-w-0">
              {l.label}
              <span className="block text-xs text-stone-500">{l.note}</span>
            </label>
            <input
              id={l.name}
              name={l.name}
              type="number"
              min="0"
              max={l.max}
              step="1"
              defaultValue="0"
              disabled={l.max === 0}
              className="w-20 rounded-lg border border-stone-300 px-2 py-1.5 text-right"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The tracking number and carrier boxes (with the known carriers suggested) of both ship forms and
 * the parcel's Edit tracking form (`values`: what it holds now).
 */
export function TrackingFields(
  { prefix, values }: { prefix: string; values?: { trackingNumber: string; carrier: string | null } },
) {
  return (
    <>
      <Field
        id={`${prefix}-tracking`}
        label="Tracking number"
        name="trackingNumber"
        required
        maxLength={100}
        defaultValue={values?.trackingNumber}
      />
      <Field
        id={`${prefix}-carrier`}
        label="Carrier (optional)"
        name="carrier"
        maxLength={60}
        defaultValue={values?.carrier ?? undefined}
        placeholder="The Courier Guy, PUDO, Aramex…"
        list={`${prefix}-carriers`}
      />
      <datalist id={`${prefix}-carriers`}>
        {CARRIER_NAMES.map((n) => <option key={n} value={n} />)}
      </datalist>
    </>
  );
}
