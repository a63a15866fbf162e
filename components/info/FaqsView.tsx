/** /faqs: questions keepers and customers ask, as native <details> disclosures (no script). */
import type { ReactNode } from "react";
import { formatMoney } from "../../lib/money.ts";
import { ChevronDownIcon } from "../ui/icons.tsx";
import { InlineHours } from "./ContactCard.tsx";
import { InfoPage, type InfoProps, instantEftSentence, textLink } from "./InfoPage.tsx";
import { PUDO_MINIMUM_CENTS } from "./ShippingView.tsx";

interface Faq {
  q: string;
  a: ReactNode;
}

function faqGroups({ shop, instantEft }: InfoProps): { id: string; title: string; items: Faq[] }[] {
  const free = formatMoney(shop.freeShippingThresholdCents);
  const email = <a className={textLink} href={`mailto:${shop.contact.email}`}>{shop.contact.email}</a>;
  return [
    {
      id: "lighting-heat",
      title: "Lighting and heat",
      items: [
        {
          q: "Does my reptile need UVB lighting?",
          a: (
            <>
              <p>
                Day-active lizards such as bearded dragons, and tortoises, need UVB to make vitamin D3 and use the
                calcium in their food; without it they develop metabolic bone disease. Many keepers now also give
                nocturnal and crepuscular species such as leopard geckos and ball pythons a low-output UVB with shaded
                areas to retreat to.
              </p>
              <p>
                Choose the strength for your species and the distance from the lamp to the basking spot, and mount the
                lamp so that no glass or plastic sits between it and the animal: both block UVB.
              </p>
            </>
          ),
        },
        {
          q: "How often should I replace a UVB tube?",
          a: (
            <p>
              UVB output fades long before the visible light does. As a rule of thumb, replace T5 tubes about every 12
              months and T8 tubes about every 6 months, or follow the manufacturer's advice for your lamp. Writing the
              date on the fitting when you change it helps.
            </p>
          ),
        },
        {
          q: "Do I really need a thermostat?",
          a: (
            <p>
              Yes. Every heat source (heat mats, ceramic heat emitters, basking bulbs) should run through a thermostat
              so the enclosure cannot overheat. Use a mat or on/off thermostat for heat mats and ceramic emitters and a
              dimming thermostat for light-emitting bulbs, guard lamps that an animal could touch, and check the
              temperatures at both ends with a digital thermometer.
            </p>
          ),
        },
        {
          q: "What temperature should the enclosure be?",
          a: (
            <p>
              It depends on the species, but the principle is the same: a warm end with a basking spot and a cooler end,
              so your animal can move between them to regulate its temperature. Look up your species' preferred range,
              and if you are unsure, e-mail us at {email}{" "}
              with the species and enclosure size and we will help you plan the heating.
            </p>
          ),
        },
      ],
    },
    {
      id: "delivery",
      title: "Delivery and PUDO lockers",
      items: [
        {
          q: "How long does delivery take?",
          a: (
            <p>
              We dispatch within 1-2 business days. Delivery then takes 1-3 business days to major cities, 3-5 business
              days to regional areas and 5-7 business days to remote areas. See{" "}
              <a className={textLink} href="/shipping">shipping information</a> for details.
            </p>
          ),
        },
        {
          q: "How much does delivery cost?",
          a: (
            <p>
              Standard delivery is free on orders from {free}{" "}
              (after discounts, or with the FREESHIP coupon); below that it costs {formatMoney(shop.deliveryFeeCents)}
              {" "}
              (VAT included), shown in your cart and at checkout before you pay. PUDO lockers are free.
            </p>
          ),
        },
        {
          q: "Can I collect my order from a PUDO locker?",
          a: (
            <p>
              Yes, when your order total after discounts is at least {formatMoney(PUDO_MINIMUM_CENTS)}{" "}
              and every item fits in a locker. Choose PUDO locker as the delivery method at checkout and pick a locker.
              Enclosures and other bulky items go by courier to your door.
            </p>
          ),
        },
        {
          q: "Do you deliver outside South Africa?",
          a: <p>No. We deliver to addresses and PUDO lockers in South Africa only.</p>,
        },
        {
          q: "Where is my order?",
          a: (
            <p>
              Use <a className={textLink} href="/track-order">Track Order</a>{" "}
              with your order number and the e-mail address of your account, or look under My Orders in your account.
            </p>
          ),
        },
      ],
    },
    {
      id: "returns",
      title: "Returns",
      items: [
        {
          q: "Can I return something?",
          a: (
            <p>
              Yes, within 14 days of delivery, in its original condition and packaging. Contact us first at {email}{" "}
              and we will arrange it. The <a className={textLink} href="/returns">returns policy</a>{" "}
              has the details, including refunds and faulty items.
            </p>
          ),
        },
        {
          q: "What if an item arrives damaged or faulty?",
          a: (
            <p>
              Take photos and contact us as soon as possible. We will sort out a repair, replacement or refund, and we
              pay for the return of faulty or wrong items.
            </p>
          ),
        },
      ],
    },
    {
      id: "payment",
      title: "Payment and prices",
      items: [
        {
          q: "How can I pay?",
          a: (
            <p>
              By credit or debit card (Visa or Mastercard). Card payments are processed by Stripe; your card details go
              straight to Stripe and we never see or store your full card number.
              {instantEft ? ` ${instantEftSentence(instantEft)}` : null}
            </p>
          ),
        },
        {
          q: "Do your prices include VAT?",
          a: <p>Yes. All prices are in South African rand and include VAT.</p>,
        },
        {
          q: "Do you have discount codes?",
          a: (
            <p>
              Subscribe to our newsletter for 10% off your first order. Enter a coupon code in your cart to apply it.
            </p>
          ),
        },
      ],
    },
    {
      id: "accounts",
      title: "Your account",
      items: [
        {
          q: "Do I need an account to order?",
          a: (
            <p>
              You can browse and fill a cart without one. To check out you sign in or{" "}
              <a className={textLink} href="/register">create an account</a>, so that you can follow your orders and
              keep your addresses.
            </p>
          ),
        },
        {
          q: "I forgot my password.",
          a: (
            <p>
              Use <a className={textLink} href="/forgot-password">Forgot password</a>{" "}
              on the sign-in page and we will e-mail you a link to choose a new one.
            </p>
          ),
        },
        {
          q: "How do I see or delete the information you hold about me?",
          a: (
            <p>
              In your{" "}
              <a className={textLink} href="/account">account</a>, Account Settings lets you download your data or
              delete your account. You can also e-mail {email}. Our{" "}
              <a className={textLink} href="/privacy">privacy policy</a> explains your rights.
            </p>
          ),
        },
      ],
    },
  ];
}

export function FaqsView(props: InfoProps) {
  const groups = faqGroups(props);
  return (
    <InfoPage
      title="Frequently Asked Questions"
      lead="Quick answers about lighting and heat, delivery, returns, payment and your account."
      toc={groups.map((g) => ({ id: g.id, label: g.title }))}
    >
      {groups.map((g) => (
        <section key={g.id} id={g.id} className="scroll-mt-32">
          <h2 className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{g.title}</h2>
          <div className="mt-4 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
            {g.items.map((f) => (
              <details key={f.q} className="group" data-faq>
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-stone-900 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
                  {f.q}
                  <ChevronDownIcon className="h-5 w-5 shrink-0 text-stone-500 transition group-open:rotate-180" />
                </summary>
                <div className="space-y-3 px-5 pb-5 text-base leading-7 text-stone-700">{f.a}</div>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="rounded-xl bg-stone-100 p-5 text-stone-700">
        Didn't find your answer? <a className={textLink} href="/contact">Contact us</a>{" "}
        and we will help. Our trading hours are <InlineHours hours={props.shop.contact.hours} />.
      </p>
    </InfoPage>
  );
}
