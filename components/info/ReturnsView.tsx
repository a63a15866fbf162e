/** /returns: the 14-day returns policy (spec section 9), the ECTA cooling-off right and CPA defects. */
import { Bullets, Callout, type InfoProps, PolicyPage, Section, textLink } from "./InfoPage.tsx";

export function ReturnsView({ shop }: InfoProps) {
  const { contact } = shop;
  return (
    <PolicyPage
      title="Returns Policy"
      lead="Changed your mind or received the wrong thing? You can return items within 14 days of delivery in their original condition."
    >
      <Section id="policy" title="Our returns policy">
        <Bullets>
          <li>
            Returns are accepted <strong>within 14 days of delivery</strong>.
          </li>
          <li>
            Items must be in their{" "}
            <strong>original condition</strong>: unused, undamaged and in the original packaging with all parts, manuals
            and accessories.
          </li>
          <li>We accept returns from addresses in South Africa only, as that is where we deliver.</li>
        </Bullets>
      </Section>

      <Section id="how" title="How to return an item">
        <ol className="list-decimal space-y-2 pl-5 marker:font-semibold marker:text-green-800">
          <li>
            Contact us first at <a className={textLink} href={`mailto:${contact.email}`}>{contact.email}</a> or{" "}
            {contact.phone} with your order number (it starts with RB-) and the items you want to return.
          </li>
          <li>We confirm the return and tell you how and where to send it. Please do not send parcels unannounced.</li>
          <li>Pack the items securely in their original packaging so they are not damaged on the way back.</li>
          <li>Once the items arrive and we have checked them, we refund you and let you know by e-mail.</li>
        </ol>
      </Section>

      <Section id="refunds" title="Refunds">
        <p>
          Refunds go back to the card you paid with. We refund the price of the returned items as soon as they have
          arrived and been checked, and no later than 30 days after you cancelled. Your bank may take a few more days to
          show the money in your account.
        </p>
        <p>
          When you return items because you changed your mind, the cost of sending them back is yours. When an item is
          faulty or we sent the wrong one, we pay for the return.
        </p>
      </Section>

      <Section id="faulty" title="Faulty or wrong items">
        <p>
          If something arrives damaged, faulty or is not what you ordered, contact us as soon as possible, ideally with
          photos, and choose whether you would like a repair, a replacement or a refund. Your rights under the Consumer
          Protection Act 68 of 2008, including the right to return defective goods within six months of delivery, are
          not affected by this policy.
        </p>
      </Section>

      <Section id="cooling-off" title="Cooling-off period (ECTA)">
        <p>
          Under section 44 of the Electronic Communications and Transactions Act 25 of 2002 you may cancel an online
          purchase without giving a reason and without penalty within 7 days of receiving the goods. The only charge is
          the direct cost of returning them. Our 14-day returns policy gives you longer than this.
        </p>
      </Section>

      <Section id="exclusions" title="What we cannot take back">
        <Callout tone="warning">
          Opened consumables such as supplements, food, substrate and live cultures (for example springtails) are no
          longer in their original condition and cannot be returned unless they are faulty. This does not limit your
          rights for defective goods.
        </Callout>
        <p>
          See also our <a className={textLink} href="/shipping">shipping information</a> and{" "}
          <a className={textLink} href="/terms">terms and conditions</a>.
        </p>
      </Section>
    </PolicyPage>
  );
}
