/**
 * /terms: terms and conditions of sale, carrying the supplier information that section 43 of the
 * Electronic Communications and Transactions Act 25 of 2002 (ECTA) requires, and the section 44
 * cooling-off right. Every business detail comes from shop configuration.
 */
import { formatMoney } from "../../lib/money.ts";
import { InlineHours, telHref } from "./ContactCard.tsx";
import {
  Bullets,
  Callout,
  DetailList,
  type InfoProps,
  instantEftSentence,
  PolicyPage,
  Section,
  textLink,
} from "./InfoPage.tsx";

/** "VAT 4810262345" -> "4810262345": the configured tax id may carry its label. */
export function vatNumber(taxId: string): string {
  return taxId.replace(/^\s*VAT\s*(no\.?|number)?[:\s]*/i, "").trim();
}

export function TermsView({ shop, siteUrl, instantEft }: InfoProps) {
  const { business, contact } = shop;
  const site = siteUrl.replace(/^https?:\/\//, "");
  return (
    <PolicyPage
      title="Terms and Conditions"
      lead={`These terms apply to every purchase from ${shop.name}. Please read them before you order; by placing an order you accept them.`}
    >
      <Section id="supplier" title="Supplier information">
        <p>
          As required by section 43 of the Electronic Communications and Transactions Act 25 of 2002 (ECTA), the
          supplier of goods sold on this website is:
        </p>
        <DetailList
          rows={[
            { label: "Full name", value: business.companyName },
            { label: "Trading as", value: shop.name },
            { label: "Legal status", value: "Private company with limited liability, registered in South Africa" },
            { label: "Registration number", value: <span data-registration>{business.registrationNumber}</span> },
            { label: "Directors", value: <span data-directors>{business.directors.join(", ")}</span> },
            { label: "VAT number", value: <span data-vat>{vatNumber(business.taxId)}</span> },
            {
              label: "Physical address",
              value: `${contact.address}, South Africa (also our address for the service of legal documents)`,
            },
            { label: "Telephone", value: <a className={textLink} href={telHref(contact.phone)}>{contact.phone}</a> },
            {
              label: "E-mail",
              value: <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a>,
            },
            { label: "Website", value: <a className={textLink} href={siteUrl}>{site}</a> },
            { label: "Trading hours", value: <InlineHours hours={contact.hours} /> },
          ]}
        />
      </Section>

      <Section id="agreement" title="These terms">
        <p>
          These terms, together with our <a className={textLink} href="/privacy">privacy policy</a>,{" "}
          <a className={textLink} href="/shipping">shipping information</a> and{" "}
          <a className={textLink} href="/returns">returns policy</a>, form the agreement between you and{" "}
          {business.companyName}. They are always available on this page, and you can save or print them with your
          browser. The terms in force when you place an order apply to that order.
        </p>
        <p>
          You must be 18 or older, or have the consent of a parent or guardian, to buy from us. Nothing in these terms
          limits your rights under the Consumer Protection Act 68 of 2008 or ECTA.
        </p>
      </Section>

      <Section id="goods" title="Our products">
        <p>
          We sell equipment and supplies for keeping reptiles and amphibians: enclosures, heating and lighting, feeding
          supplies, substrate and bedding, decor, and health and hygiene products. Each product page describes the main
          characteristics of the product, including its dimensions and weight where relevant, its price and whether it
          is in stock. Photos are for illustration; colours and natural materials such as wood and cork vary.
        </p>
        <p>
          Our advice on husbandry is general. Your animal's needs depend on its species, age and health; ask a
          veterinarian experienced with reptiles when in doubt.
        </p>
      </Section>

      <Section id="prices" title="Prices">
        <Bullets>
          <li>All prices are in South African rand (ZAR) and include VAT at the current rate.</li>
          <li>
            Standard delivery is free on orders from {formatMoney(shop.freeShippingThresholdCents)}{" "}
            after discounts and costs {formatMoney(shop.deliveryFeeCents)}{" "}
            below that. Any delivery fee is shown in your cart and at checkout, so you see the full price, including VAT
            and delivery, before you pay. There are no other fees.
          </li>
          <li>
            If a product is shown at an obviously wrong price because of an error, we will tell you before dispatch and
            you may choose to pay the correct price or cancel for a full refund.
          </li>
        </Bullets>
      </Section>

      <Section id="payment" title="Payment and security">
        <p>
          We accept payment by credit and debit card (Visa and Mastercard). Card payments are processed by Stripe, a PCI
          DSS certified payment processor: you enter your card details on Stripe's secure payment form, they are sent
          directly to Stripe over an encrypted connection, and we never see or store your full card number.
          {instantEft ? ` ${instantEftSentence(instantEft)}` : null}
        </p>
        <p>
          An order is confirmed only once our server has verified the payment with{" "}
          {instantEft ? `Stripe or ${instantEft}` : "Stripe"}. The whole site uses an encrypted (HTTPS) connection.
        </p>
      </Section>

      <Section id="ordering" title="Ordering">
        <p>
          Add products to your cart, sign in or create an account, and check out. Before you pay you can review your
          order, the delivery method and the total, and correct any mistakes. After payment you receive an order number
          (starting with RB-) and a confirmation. You can see a full record of every order under My Orders in{" "}
          <a className={textLink} href="/account">your account</a> and check its status on{" "}
          <a className={textLink} href="/track-order">Track Order</a>.
        </p>
        <p>
          If an item turns out to be unavailable after you have paid, we will let you know and refund you for it in
          full.
        </p>
      </Section>

      <Section id="delivery" title="Delivery">
        <p>
          We deliver within South Africa only. Orders are dispatched within 1-2 business days of payment. Delivery then
          takes 1-3 business days to major cities, 3-5 business days to regional areas and 5-7 business days to remote
          areas, by courier to your door or to a PUDO locker where the order qualifies. Ownership and risk pass to you
          when the goods are delivered. See <a className={textLink} href="/shipping">shipping information</a>.
        </p>
      </Section>

      <Section id="cooling-off" title="Cooling-off period (ECTA section 44)" toc="Cooling-off (ECTA s44)">
        <Callout>
          You may cancel your purchase without reason and without penalty within <strong>7 days</strong>{" "}
          of receiving the goods. The only charge is the direct cost of returning them. We refund any payment within 30
          days of your cancellation. To cancel, e-mail{" "}
          <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a>{" "}
          with your order number. This right does not apply to goods excluded by section 42 of ECTA, such as goods that
          by their nature deteriorate quickly.
        </Callout>
      </Section>

      <Section id="returns" title="Returns and defects">
        <p>
          In addition to the cooling-off right, we accept returns within <strong>14 days of delivery</strong>{" "}
          for items in their original condition. Defective goods may be returned within six months of delivery for
          repair, replacement or a refund, as the Consumer Protection Act provides. The full process is in our{" "}
          <a className={textLink} href="/returns">returns policy</a>.
        </p>
      </Section>

      <Section id="privacy" title="Privacy">
        <p>
          We process your personal information in line with the Protection of Personal Information Act 4 of 2013, as
          described in our <a className={textLink} href="/privacy">privacy policy</a>.
        </p>
      </Section>

      <Section id="disputes" title="Complaints and disputes">
        <p>
          If something goes wrong, please contact us first on {contact.phone} or at{" "}
          <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a>; we aim to resolve complaints
          quickly and fairly. If we cannot resolve it together, you may refer the complaint to the Consumer Goods and
          Services Ombud (<a className={textLink} href="https://www.cgso.org.za" rel="noopener">cgso.org.za</a>), your
          provincial consumer protection office or the National Consumer Commission (<a
            className={textLink}
            href="https://thencc.org.za"
            rel="noopener"
          >
            thencc.org.za
          </a>), or take it to a court with jurisdiction.
        </p>
      </Section>

      <Section id="general" title="General">
        <p>
          These terms are governed by the law of the Republic of South Africa. If a court finds part of them invalid,
          the rest remains in force. We may update these terms; changes apply to orders placed after the new version is
          published here.
        </p>
      </Section>
    </PolicyPage>
  );
}
