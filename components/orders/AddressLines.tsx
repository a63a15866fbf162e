/**
 * A postal address as lines of text: the recipient, address lines, city, province, postal code,
 * country and phone. Used for an order's snapshot addresses and for checkout's default addresses.
 */
import type { AddressSnapshot } from "../../domains/orders/mod.ts";

/** The fields shown: an order's snapshot addresses and address book addresses both carry them. */
export type AddressLinesData = Omit<AddressSnapshot, "phone" | "instructions"> & { phone?: string | null };

export function AddressLines({ address: a }: { address: AddressLinesData }) {
  return (
    <address className="text-sm leading-6 text-stone-700 not-italic">
      <span className="block font-semibold text-stone-900">{`${a.firstName} ${a.lastName}`}</span>
      <span className="block">{a.addressLine1}</span>
      {a.addressLine2 ? <span className="block">{a.addressLine2}</span> : null}
      <span className="block">{a.city}</span>
      <span className="block">{`${a.state}, ${a.postalCode}`}</span>
      <span className="block">{a.country}</span>
      {a.phone ? <span className="mt-1 block text-stone-600">{a.phone}</span> : null}
    </address>
  );
}
