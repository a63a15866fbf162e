/** /shipping: dispatch and delivery times, costs, PUDO lockers and large items (spec section 9). */
import { formatMoney } from "../../lib/money.ts";
import { ShippingReturnsText } from "../catalog/ShippingReturnsText.tsx";
import { Bullets, Callout, type InfoProps, InfoTable, PolicyPage, Section, textLink } from "./InfoPage.tsx";

/** Checkout offers a PUDO locker when the order total after discounts is at least this (document 2, section 9). */
export const PUDO_MINIMUM_CENTS = 100_000;

export const deliveryWindows = [
  {
    area: "Major cities",
    examples: "Johannesburg, Pretoria, Cape Town, Durban and surrounds",
    days: "1-3 business days",
  },
  { area: "Regional areas", examples: "Other towns and cities", days: "3-5 business days" },
  { area: "Remote areas", examples: "Rural and outlying areas", days: "5-7 business days" },
];

export function ShippingView({ shop }: InfoProps) {
  const free = formatMoney(shop.freeShippingThresholdCents);
  return (
    <PolicyPage
      title="Shipping Information"
      lead={`We deliver anywhere in South Africa. Orders leave us within 1-2 business days, and standard delivery is free on orders from ${free}.`}
    >
      <Section id="summary" title="In short">
        <div className="rounded-xl border border-green-200 bg-white p-5 shadow-sm">
          <ShippingReturnsText freeShippingCents={shop.freeShippingThresholdCents} />
        </div>
      </Section>

      <Section id="times" title="Delivery times">
        <p>
          We dispatch every order within 1-2 business days of payment. After dispatch, delivery usually takes:
        </p>
        <InfoTable
          columns={[
            {
              header: "Destination",
              cell: (w) => (
                <>
                  <span className="block font-semibold text-stone-900">{w.area}</span>
                  <span className="text-sm text-stone-500">{w.examples}</span>
                </>
              ),
            },
            {
              header: "Delivery after dispatch",
              td: "font-medium whitespace-nowrap text-stone-900",
              cell: (w) => w.days,
            },
          ]}
          rows={deliveryWindows}
          rowKey={(w) => w.area}
        />
        <p>
          Business days are Monday to Friday, excluding South African public holidays. Orders placed after hours or over
          a weekend are processed on the next business day. We ship within South Africa only.
        </p>
      </Section>

      <Section id="cost" title="Delivery cost">
        <Bullets>
          <li>
            Standard delivery is <strong>free on orders from {free}</strong> (the value of your goods after discounts).
          </li>
          <li>
            Below that, standard delivery costs <strong>{formatMoney(shop.deliveryFeeCents)}</strong>{" "}
            (VAT included). Your cart shows the fee and how much more makes delivery free; nothing is added after you
            have paid.
          </li>
          <li>The FREESHIP coupon (on orders over R 500,00) makes standard delivery free.</li>
          <li>Collecting from a PUDO locker is always free.</li>
          <li>All prices on the site are in rand and include VAT.</li>
        </Bullets>
      </Section>

      <Section id="pudo" title="PUDO lockers">
        <p>
          At checkout you can choose to collect from a PUDO locker instead of a door-to-door delivery. The locker option
          is available when your order total after discounts is at least {formatMoney(PUDO_MINIMUM_CENTS)}{" "}
          and every item fits in a locker; the checkout tells you which items, if any, are too large. You will get the
          locker details with your order.
        </p>
      </Section>

      <Section id="large-items" title="Enclosures and large items">
        <p>
          Enclosures and other bulky items travel by courier to your door, not by locker. Large enclosures are often
          sent flat-packed; check the dimensions on the product page and make sure they fit through your doors. For very
          large items we may phone you to book a delivery slot.
        </p>
      </Section>

      <Section id="tracking" title="Following your order">
        <p>
          You can check the status of an order at any time on{" "}
          <a className={textLink} href="/track-order">Track Order</a>{" "}
          with your order number and e-mail address, or under My Orders in your account.
        </p>
      </Section>

      <Section id="problems" title="Damaged or missing parcels">
        <Callout>
          If a parcel arrives damaged, please take photos of the box and the item before unpacking further, and contact
          us as soon as possible at{" "}
          <a className={textLink} href={`mailto:${shop.contact.email}`}>{shop.contact.email}</a> or{" "}
          {shop.contact.phone}. If a parcel has not arrived within the delivery window, let us know and we will chase
          the courier for you.
        </Callout>
      </Section>
    </PolicyPage>
  );
}
