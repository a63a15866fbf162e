/** /community: where keepers can find us and each other. Honest: no forum here, just the real channels. */
import type { ShopInfo } from "../../config.ts";
import { Bullets, InfoPage, type InfoProps, Section, textLink } from "./InfoPage.tsx";

const channelText: Record<ShopInfo["social"][number]["kind"], string> = {
  facebook: "New stock, specials and keeper questions.",
  instagram: "Photos of enclosures, new products and setups.",
  whatsapp: "Message us with a quick question during trading hours.",
  linkedin: "Company news, for suppliers and partners.",
};

export function CommunityView({ shop }: InfoProps) {
  return (
    <InfoPage
      title="Keeper Community"
      lead="Keeping reptiles and amphibians well is easier when keepers share what works. Here is where to find us and how to take part."
    >
      <Section title="Follow and talk to us">
        <ul className="grid gap-4 sm:grid-cols-2">
          {shop.social.map((s) => (
            <li key={s.kind}>
              <a
                href={s.href}
                rel="noopener"
                className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:border-green-300 hover:shadow-md"
              >
                <span className="font-bold text-stone-900">{s.label}</span>
                <span className="mt-1 text-sm leading-6 text-stone-600">{channelText[s.kind]}</span>
                <span className="mt-3 text-sm font-semibold text-green-800">
                  {s.href.replace(/^https?:\/\/(www\.)?/, "")} →
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Share what you know">
        <Bullets>
          <li>
            <strong>Write a review.</strong>{" "}
            Honest reviews on product pages, good and bad, help other keepers choose. Tell them which species you keep
            and how the product worked in your setup.
          </li>
          <li>
            <strong>Ask before you buy.</strong> Not sure what a setup needs? Our{" "}
            <a className={textLink} href="/faqs">FAQs</a> cover UVB and heating basics, and you can always{" "}
            <a className={textLink} href="/contact">contact us</a>.
          </li>
          <li>
            <strong>Join a local club.</strong>{" "}
            Herpetological associations and keeper clubs around South Africa hold meetings and talks and can advise on
            the permits some species need in your province.
          </li>
        </Bullets>
      </Section>

      <Section title="Keep it kind and legal">
        <p>
          Wherever keepers meet, the same rules make it work: be respectful, put the animals' welfare first, and keep
          within the law. Many indigenous species need a provincial permit to keep, breed or move; check with your
          provincial conservation authority before you acquire an animal.
        </p>
      </Section>
    </InfoPage>
  );
}
