/**
 * A parcel's "Edit tracking" on the admin order page: its tracking number and carrier to correct (a
 * typo, another carrier) and whether to e-mail the customer the new number. A plain form in a
 * disclosure, posting to /admin/orders/{id}/shipments/{shipmentId}/tracking, so it works without
 * JavaScript.
 */
import { secondaryButton } from "../../ui/buttons.ts";
import { TrackingFields } from "./ShipLinesForm.tsx";

export function ParcelTrackingForm(
  { orderId, parcel }: { orderId: number; parcel: { id: number; trackingNumber: string; carrier: string | null } },
) {
  return (
    <details className="mt-2" data-edit-tracking={parcel.id}>
      <summary className="cursor-pointer text-sm font-medium text-green-800 underline">Edit tracking</summary>
      <form
        method="post"
        action={`/admin/orders/${orderId}/shipments/${parcel.id}/tracking`}
        className="mt-2 space-y-3"
      >
        <TrackingFields prefix={`parcel-${parcel.id}`} values={parcel} />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="notifyCustomer"
            value="yes"
            defaultChecked
            className="h-4 w-4 accent-green-800"
          />
          E-mail the customer the new tracking number
        </label>
        <button type="submit" className={secondaryButton}>Save tracking</button>
      </form>
    </details>
  );
}
