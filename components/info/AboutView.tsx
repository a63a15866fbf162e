/** /about: who we are, what we stock and how we choose it. */
import { formatMoney } from "../../lib/money.ts";
import { InlineHours } from "./ContactCard.tsx";
import { Bullets, InfoPage, type InfoProps, Section, textLink } from "./InfoPage.tsx";

export function AboutView({ shop }: InfoProps) {
  const { business, contact } = shop;
  return (
    <InfoPage
      title="About Us"
      lead={`${shop.name} is a ${contact.city} shop for reptile and amphibian keepers, selling husbandry equipment and supplies online to keepers across South Africa since ${business.founded}.`}
    >
      <Section title="Our story">
        <p>
          {shop.name} started in {contact.city} in {business.founded}{" "}
          with a simple idea: keepers in South Africa should be able to buy proper enclosures, UVB lighting, thermostats
          and supplements without importing them themselves or settling for whatever happens to be on the shelf. We keep
          reptiles ourselves, so we stock the things we would want to use in our own enclosures.
        </p>
        <p>
          Everything is sold online and sent from {contact.city}{" "}
          to your door, or to a PUDO locker for smaller orders, anywhere in South Africa.
        </p>
      </Section>

      <Section title="What we stock">
        <p>Supplies for the whole setup, grouped the way keepers shop:</p>
        <Bullets>
          <li>
            <a className={textLink} href="/category/enclosures-housing">Enclosures and housing</a>: glass terraria and
            PVC enclosures in sizes from hatchlings to large adult snakes and lizards.
          </li>
          <li>
            <a className={textLink} href="/category/heating-lighting">Heating and lighting</a>: UVB tubes and fittings,
            basking lamps, ceramic heat emitters, heat mats and the thermostats to control them.
          </li>
          <li>
            <a className={textLink} href="/category/feeding-supplies">Feeding supplies</a>,{" "}
            <a className={textLink} href="/category/substrate-bedding">substrate and bedding</a>,{" "}
            <a className={textLink} href="/category/decor-enrichment">decor and enrichment</a> and{" "}
            <a className={textLink} href="/category/health-hygiene">health and hygiene</a> products.
          </li>
        </Bullets>
      </Section>

      <Section title="How we work">
        <Bullets>
          <li>
            <strong>Honest product pages.</strong>{" "}
            Dimensions, weights and what a product is (and is not) suitable for, so you can choose before you buy.
          </li>
          <li>
            <strong>Prices in rand, VAT included.</strong> Standard delivery is free on orders from{" "}
            {formatMoney(shop.freeShippingThresholdCents)}.
          </li>
          <li>
            <strong>Straightforward returns.</strong>{" "}
            Items in their original condition can come back within 14 days of delivery; see our{" "}
            <a className={textLink} href="/returns">returns policy</a>.
          </li>
          <li>
            <strong>Real people to talk to.</strong>{" "}
            Questions about a setup are welcome; we would rather help you buy the right thing once.
          </li>
        </Bullets>
      </Section>

      <Section title="Get in touch">
        <p>
          You can reach us on {contact.phone} or at{" "}
          <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a> during trading hours (
          <InlineHours hours={contact.hours} />). Our full details are on the{" "}
          <a className={textLink} href="/contact">contact page</a>, and the company behind the shop is{" "}
          {business.companyName}, registration number {business.registrationNumber}.
        </p>
      </Section>
    </InfoPage>
  );
}
