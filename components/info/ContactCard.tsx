/** The shop's address, telephone, e-mail and trading hours, all from shop configuration. */
import type { ShopInfo } from "../../config.ts";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "../ui/icons.tsx";

/** "+27 11 555 0142" -> "tel:+27115550142". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function ContactCard({ shop, heading = "Contact details" }: { shop: ShopInfo; heading?: string }) {
  const { contact } = shop;
  const row = "flex gap-3";
  const icon = "mt-1 h-5 w-5 shrink-0 text-green-700";
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm" aria-label={heading}>
      <h2 className="text-lg font-bold text-stone-900">{heading}</h2>
      <address className="mt-4 space-y-4 text-base leading-7 text-stone-700 not-italic">
        <p className={row}>
          <MapPinIcon className={icon} />
          <span>
            <span className="block font-semibold text-stone-900">{shop.business.companyName}</span>
            {contact.address}
            <span className="block">South Africa</span>
          </span>
        </p>
        <p className={row}>
          <PhoneIcon className={icon} />
          <a href={telHref(contact.phone)} className="font-medium text-green-800 hover:underline">{contact.phone}</a>
        </p>
        <p className={row}>
          <MailIcon className={icon} />
          <a href={`mailto:${contact.email}`} className="font-medium break-all text-green-800 hover:underline">
            {contact.email}
          </a>
        </p>
      </address>
      <div className="mt-5 border-t border-stone-100 pt-5">
        <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wider text-stone-500 uppercase">
          <ClockIcon className="h-4 w-4" /> Trading hours
        </h3>
        <TradingHours hours={contact.hours} />
      </div>
    </section>
  );
}

/** The configured hours ("Mon-Fri 9am-5pm"), one per line. */
export function TradingHours({ hours }: { hours: string[] }) {
  return (
    <ul className="mt-2 space-y-1 text-stone-800" data-trading-hours>
      {hours.map((h) => <li key={h}>{h}</li>)}
    </ul>
  );
}

/** The hours in running text, "Mon-Fri 9am-5pm, Sat 9am-2pm", never broken inside one entry. */
export function InlineHours({ hours }: { hours: string[] }) {
  return (
    <>
      {hours.map((h, i) => (
        <span key={h}>
          {i > 0 ? ", " : null}
          <span className="whitespace-nowrap">{h}</span>
        </span>
      ))}
    </>
  );
}
