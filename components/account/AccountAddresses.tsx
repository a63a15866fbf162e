/** The Address Book tab: the default shipping and billing addresses and a link to /address-book. */
import type { AddressBookSummary, AddressSummary } from "../../flows/account_overview.ts";
import { MapPinIcon } from "../ui/icons.tsx";
import { primaryButton } from "../ui/buttons.ts";
import { AccountCard, AccountEmpty } from "./AccountShell.tsx";

function AddressBlock({ title, address, use }: { title: string; address: AddressSummary | null; use: string }) {
  return (
    <div className="rounded-xl border border-stone-200 p-4" data-default-address={use}>
      <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{title}</h3>
      {address
        ? (
          <address className="mt-2 text-sm leading-6 text-stone-800 not-italic">
            {address.label ? <span className="block font-semibold text-stone-900">{address.label}</span> : null}
            <span className="block">{address.name}</span>
            {address.lines.map((l) => <span key={l} className="block">{l}</span>)}
            {address.phone ? <span className="block text-stone-600">{address.phone}</span> : null}
          </address>
        )
        : <p className="mt-2 text-sm text-stone-600">No default {use} address yet.</p>}
    </div>
  );
}

export function AccountAddressesPanel({ summary }: { summary: AddressBookSummary }) {
  const manage = <a href="/address-book" className={primaryButton}>Manage addresses</a>;
  return (
    <AccountCard
      id="addresses"
      title="Address Book"
      description={summary.count
        ? `You have ${summary.count} saved address${summary.count === 1 ? "" : "es"}.`
        : "Save your delivery and billing addresses for a faster checkout."}
      action={summary.count ? manage : null}
    >
      {summary.count
        ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressBlock title="Default shipping address" address={summary.shipping} use="shipping" />
            <AddressBlock title="Default billing address" address={summary.billing} use="billing" />
          </div>
        )
        : (
          <AccountEmpty
            icon={<MapPinIcon className="h-6 w-6" />}
            title="No addresses saved yet"
            text="Add an address once and choose it at checkout."
            href="/address-book"
            cta="Add an address"
          />
        )}
    </AccountCard>
  );
}
