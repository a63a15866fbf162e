/** Footer: quick links, customer service, contact details, payment methods, social links. */
import { ClockIcon, LogoMark, MailIcon, MapPinIcon, PhoneIcon } from "../ui/icons.tsx";
import { type ChromeData, mainLinks, supportLinks } from "./types.ts";
import { NewsletterSignup } from "./NewsletterSignup.tsx";
import { Frozen } from "../../lib/frozen.tsx";
import type { ReactNode } from "react";

const socialPaths: Record<string, string> = {
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z",
  instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  whatsapp:
    "M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm-3 5c.3 0 .5 0 .7.5l.8 1.8c.1.3 0 .5-.2.7l-.5.6c.6 1.2 1.7 2.2 3 2.8l.6-.6c.2-.2.5-.3.7-.2l1.8.8c.4.2.5.4.4.8-.2 1-1.1 1.6-2 1.6C10 16.8 7 13.8 7 10.6c0-1 .8-2.6 2-2.6z",
  linkedin:
    "M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2c.6-1.1 2-2.2 4-2.2 4 0 4 2.7 4 6V21h-4v-5.6c0-1.4 0-3.2-2-3.2s-2.2 1.5-2.2 3.1V21H10z",
};

/** A titled column of footer links. */
function LinkColumn(
  { label, title, links }: { label: string; title: string; links: { href: string; label: string }[] },
) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="hover:text-white">{l.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One line of the contact details, behind its icon. */
function ContactLine({ Icon, children }: { Icon: (p: { className?: string }) => ReactNode; children: ReactNode }) {
  return (
    <p className="flex gap-2">
      <Icon className="mt-0.5 h-4 w-4 shrink-0" />
      {children}
    </p>
  );
}

function PaymentBadge({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <svg viewBox="0 0 48 30" role="img" aria-label={label} className="h-8 w-12 rounded bg-white">
        <title>{label}</title>
        {children}
      </svg>
    </li>
  );
}

export function Footer({ chrome }: { chrome: ChromeData }) {
  const { shop, instantEft } = chrome;
  const year = new Date().getFullYear();
  return (
    // Pre-rendered once per shop settings and year (lib/frozen.tsx): the same on every page.
    <Frozen
      owner={shop}
      part={`footer:${year}:${instantEft ?? "cards"}`}
      as="footer"
      className="mt-16 bg-stone-900 pb-20 text-stone-300 md:pb-0"
    >
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <a href="/" className="flex items-center gap-2 text-white">
            <LogoMark />
            <span className="text-lg font-bold">{shop.name}</span>
          </a>
          <p className="mt-3 text-sm leading-6">{shop.description}</p>
          {/* h2 like the other footer columns' titles: on a page with only an h1 (the empty cart) an h3 skips a level. */}
          <h2 className="mt-5 text-xs font-semibold tracking-wider text-white uppercase">
            Newsletter: 10% off your first order
          </h2>
          <div className="mt-2">
            <NewsletterSignup source="footer" tone="dark" />
          </div>
          <ul className="mt-4 flex gap-3" aria-label="Social media">
            {shop.social.map((s) => (
              <li key={s.kind}>
                <a
                  href={s.href}
                  rel="noopener"
                  className="block rounded-full bg-stone-800 p-2 hover:bg-green-800"
                  aria-label={s.label}
                >
                  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                    <path d={socialPaths[s.kind]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <LinkColumn label="Quick links" title="Quick Links" links={mainLinks} />
        <LinkColumn
          label="Customer service"
          title="Customer Service"
          links={[...supportLinks, { label: "Terms & Conditions", href: "/terms" }]}
        />
        <section>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact Us</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <ContactLine Icon={MapPinIcon}>{shop.contact.address}</ContactLine>
            <ContactLine Icon={PhoneIcon}>
              <a href={`tel:${shop.contact.phone.replace(/\s/g, "")}`} className="hover:text-white">
                {shop.contact.phone}
              </a>
            </ContactLine>
            <ContactLine Icon={MailIcon}>
              <a href={`mailto:${shop.contact.email}`} className="hover:text-white">{shop.contact.email}</a>
            </ContactLine>
            <ContactLine Icon={ClockIcon}>{shop.contact.hours.join(" · ")}</ContactLine>
          </address>
          {/* Only methods checkout really takes: see docs/decisions/0010-payment-badges.md. */}
          <h3 className="mt-5 text-xs font-semibold tracking-wider text-white uppercase">We accept</h3>
          <ul className="mt-2 flex gap-2" aria-label="Payment methods">
            <PaymentBadge label="Visa">
              <text
                x="24"
                y="20"
                textAnchor="middle"
                fontFamily="Arial"
                fontWeight="900"
                fontStyle="italic"
                fontSize="13"
                fill="#1a1f71"
              >
                VISA
              </text>
            </PaymentBadge>
            <PaymentBadge label="Mastercard">
              <circle cx="19" cy="15" r="8" fill="#eb001b" />
              <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity=".85" />
            </PaymentBadge>
            {instantEft
              ? (
                <PaymentBadge label={`Instant EFT with ${instantEft}`}>
                  <text
                    x="24"
                    y="13"
                    textAnchor="middle"
                    fontFamily="Arial"
                    fontWeight="700"
                    fontSize="8.5"
                    fill="#1e1b4b"
                  >
                    Instant
                  </text>
                  <text
                    x="24"
                    y="23"
                    textAnchor="middle"
                    fontFamily="Arial"
                    fontWeight="900"
                    fontSize="9"
                    fill="#1e1b4b"
                  >
                    EFT
                  </text>
                </PaymentBadge>
              )
              : null}
          </ul>
        </section>
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-stone-400">
          © {year} {shop.business.companyName} · Reg. {shop.business.registrationNumber} · {shop.business.taxId}{" "}
          · Prices in rand (ZAR), VAT included.
        </p>
      </div>
    </Frozen>
  );
}
