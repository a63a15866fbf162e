/** /contact: how to reach us, trading hours and the postal address (no form: nothing would send it). */
import { ContactCard, telHref } from "./ContactCard.tsx";
import { InfoPage, type InfoProps, Section, textLink } from "./InfoPage.tsx";

export function ContactView({ shop }: InfoProps) {
  const { contact } = shop;
  const whatsapp = shop.social.find((s) => s.kind === "whatsapp");
  return (
    <InfoPage
      title="Contact Us"
      lead="Questions about an order, a product or your setup? Phone, e-mail or message us and a person will answer."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <ContactCard shop={shop} heading="Reach us" />
        <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-bold text-stone-900">Ways to get help</h2>
          <ul className="mt-4 space-y-4 text-base leading-7 text-stone-700">
            <li>
              <strong className="block text-stone-900">Phone</strong>
              Call <a className={textLink} href={telHref(contact.phone)}>{contact.phone}</a>{" "}
              during trading hours for quick questions and help choosing products.
            </li>
            <li>
              <strong className="block text-stone-900">E-mail</strong>
              Write to{" "}
              <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a>; we answer e-mail during
              trading hours. Please include your order number (it starts with RB-) if your question is about an order.
            </li>
            {whatsapp
              ? (
                <li>
                  <strong className="block text-stone-900">WhatsApp</strong>
                  Message us on <a className={textLink} href={whatsapp.href} rel="noopener">WhatsApp</a>{" "}
                  during trading hours.
                </li>
              )
              : null}
          </ul>
        </section>
      </div>

      <Section title="Before you write">
        <p>
          Many answers are already on our <a className={textLink} href="/faqs">FAQs</a>,{" "}
          <a className={textLink} href="/shipping">shipping</a> and <a className={textLink} href="/returns">returns</a>
          {" "}
          pages. To see where an order is, use <a className={textLink} href="/track-order">Track Order</a>{" "}
          with your order number and e-mail address.
        </p>
      </Section>

      <Section title="Visiting and returns">
        <p>
          We are an online shop: orders are packed in {contact.city}{" "}
          and sent by courier or to a PUDO locker. Please phone or e-mail before visiting or sending anything to the
          address above, and contact us before returning an item so that we can arrange it (see the{" "}
          <a className={textLink} href="/returns">returns policy</a>).
        </p>
      </Section>
    </InfoPage>
  );
}
