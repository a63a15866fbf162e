/** /help: the help centre, a card for each help page plus the contact details. */
import type { ReactNode } from "react";
import { formatMoney } from "../../lib/money.ts";
import { HelpCircleIcon, MailIcon, SearchIcon, TruckIcon, UndoIcon, UserIcon } from "../ui/icons.tsx";
import { InlineHours, telHref } from "./ContactCard.tsx";
import { InfoPage, type InfoProps, textLink } from "./InfoPage.tsx";

function HelpCard({ href, title, text, icon }: { href: string; title: string; text: string; icon: ReactNode }) {
  return (
    <li>
      <a
        href={href}
        className="group flex h-full gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-green-300 hover:shadow-md"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-800 group-hover:bg-green-100">
          {icon}
        </span>
        <span>
          <span className="block font-bold text-stone-900 group-hover:text-green-800">{title}</span>
          <span className="mt-1 block text-sm leading-6 text-stone-600">{text}</span>
        </span>
      </a>
    </li>
  );
}

export function HelpView({ shop }: InfoProps) {
  const icon = "h-6 w-6";
  const cards = [
    {
      href: "/track-order",
      title: "Track an order",
      text: "See the status of an order with your order number and e-mail address.",
      icon: <SearchIcon className={icon} />,
    },
    {
      href: "/shipping",
      title: "Shipping information",
      text: `Dispatch in 1-2 business days, delivery times, PUDO lockers, free delivery from ${
        formatMoney(shop.freeShippingThresholdCents)
      }.`,
      icon: <TruckIcon className={icon} />,
    },
    {
      href: "/returns",
      title: "Returns policy",
      text: "Return items within 14 days of delivery in their original condition; faulty items and refunds.",
      icon: <UndoIcon className={icon} />,
    },
    {
      href: "/faqs",
      title: "FAQs",
      text: "UVB, heating, delivery, payment and account questions answered.",
      icon: <HelpCircleIcon className={icon} />,
    },
    {
      href: "/contact",
      title: "Contact us",
      text: "Phone and e-mail details, our address and trading hours.",
      icon: <MailIcon className={icon} />,
    },
    {
      href: "/account",
      title: "Your account",
      text: "Orders, addresses, account settings and your personal data.",
      icon: <UserIcon className={icon} />,
    },
  ];
  return (
    <InfoPage title="Help Centre" lead="Find answers about orders, delivery, returns and your account." wide>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => <HelpCard key={c.href} {...c} />)}
      </ul>
      <section className="rounded-2xl bg-green-900 p-6 text-green-50">
        <h2 className="text-xl font-bold text-white">Still need help?</h2>
        <p className="mt-2 leading-7">
          Call{" "}
          <a className="font-semibold text-white underline" href={telHref(shop.contact.phone)}>
            {shop.contact.phone}
          </a>{" "}
          or e-mail{" "}
          <a className="font-semibold break-all text-white underline" href={`mailto:${shop.contact.email}`}>
            {shop.contact.email}
          </a>. We are available <InlineHours hours={shop.contact.hours} />.
        </p>
      </section>
      <p className="text-sm text-stone-600">
        The legal details: <a className={textLink} href="/terms">Terms and conditions</a> ·{" "}
        <a className={textLink} href="/privacy">Privacy policy</a> · <a className={textLink} href="/about">About us</a>
      </p>
    </InfoPage>
  );
}
