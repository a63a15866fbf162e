/**
 * One saved address as a card: label (default 'Address'), type text, a Default badge, the recipient,
 * address lines, city, province, postal code and country. A plain component with JSON props, so the
 * address book island and the account page can both render it; actions go in `children` (the footer).
 */
import type { ReactNode } from "react";
import { ADDRESS_TYPE_TEXT, type AddressType, type PostalFields } from "../../domains/addresses/rules.ts";
import { CreditCardIcon, MessageIcon, PhoneIcon, TruckIcon } from "../ui/icons.tsx";

/** What a card shows; GET /api/addresses items carry these fields (and more). */
export interface AddressCardData extends PostalFields {
  id: number;
  addressType: AddressType;
  isDefault: boolean;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
  label: string | null;
}

/** 'Default' when the address is the default for every type it covers, else which default it is. */
export function defaultBadgeText(a: AddressCardData): string | null {
  if (!a.isDefault) return null;
  const full = a.addressType === "both" ? a.isDefaultShipping && a.isDefaultBilling : true;
  if (full) return "Default";
  return a.isDefaultShipping ? "Default shipping" : "Default billing";
}

/** True when the address is not yet the default for every type it covers (it offers 'Set as Default'). */
export function canBecomeDefault(a: AddressCardData): boolean {
  return defaultBadgeText(a) !== "Default";
}

export function AddressCard(
  { address: a, children, headingLevel = 2 }: { address: AddressCardData; children?: ReactNode; headingLevel?: 2 | 3 },
) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const badge = defaultBadgeText(a);
  const TypeIcon = a.addressType === "billing" ? CreditCardIcon : TruckIcon;
  return (
    <article
      className={`flex h-full flex-col rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${
        badge ? "border-green-700/40 ring-1 ring-green-700/20" : "border-stone-200"
      }`}
      aria-labelledby={`address-${a.id}-label`}
      data-address-card={a.id}
      data-default={a.isDefault ? "true" : "false"}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={`address-${a.id}-label`} className="truncate text-base font-bold text-stone-900">
            {a.label || "Address"}
          </Heading>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs font-medium text-stone-600" data-address-type>
            <TypeIcon className="h-3.5 w-3.5 shrink-0" />
            {ADDRESS_TYPE_TEXT[a.addressType]}
          </p>
        </div>
        {badge
          ? (
            <span
              className="shrink-0 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-bold text-green-800 ring-1 ring-green-700/30 ring-inset"
              data-default-badge
            >
              {badge}
            </span>
          )
          : null}
      </header>
      <address className="mt-4 text-sm leading-6 text-stone-700 not-italic">
        <span className="block font-semibold text-stone-900">{a.firstName} {a.lastName}</span>
        <span className="block">{a.addressLine1}</span>
        {a.addressLine2 ? <span className="block">{a.addressLine2}</span> : null}
        <span className="block">
          <span data-city>{a.city}</span>, <span data-state>{a.state}</span>,{" "}
          <span data-postal-code>{a.postalCode}</span>
        </span>
        <span className="block" data-country>{a.country}</span>
      </address>
      {a.phone || a.instructions
        ? (
          <dl className="mt-3 space-y-1.5 text-sm text-stone-600">
            {a.phone
              ? (
                <div className="flex items-center gap-2">
                  <dt>
                    <PhoneIcon className="h-3.5 w-3.5" />
                    <span className="sr-only">Phone</span>
                  </dt>
                  <dd>{a.phone}</dd>
                </div>
              )
              : null}
            {a.instructions
              ? (
                <div className="flex items-start gap-2">
                  <dt className="pt-1">
                    <MessageIcon className="h-3.5 w-3.5" />
                    <span className="sr-only">Delivery instructions</span>
                  </dt>
                  <dd className="line-clamp-3 break-words">{a.instructions}</dd>
                </div>
              )
              : null}
          </dl>
        )
        : null}
      {children
        ? (
          <footer className="@container mt-auto pt-4">
            <div className="flex flex-wrap items-center gap-1.5 border-t border-stone-100 pt-3">{children}</div>
          </footer>
        )
        : null}
    </article>
  );
}
