/**
 * The PVC enclosures landing page: why PVC, which size for which animal, the PVC enclosures we stock.
 * Rendered on the server as an HTML fragment that the LandingLoader island fetches and shows.
 */
import { formatMoney } from "../../lib/money.ts";
import type { ProductCardData } from "../catalog/ProductCard.tsx";
import { ProductGrid } from "../catalog/ProductGrid.tsx";
import { InfoTable, textLink } from "./InfoPage.tsx";

export const PVC_LANDING = {
  title: "PVC Reptile Enclosures",
  description:
    "PVC enclosures hold heat and humidity far better than glass. Compare sizes, see which suits your species and shop locally made PVC enclosures.",
  path: "/landing/pvc-enclosures",
  contentPath: "/landing/pvc-enclosures/content",
  loadingText: "Loading specialized landing page...",
};

const reasons = [
  {
    title: "Holds heat",
    text:
      "Foamed PVC insulates; glass conducts heat straight out. A PVC enclosure keeps its warm end warm with a smaller heat source, which matters on a Highveld winter night and on your electricity bill.",
  },
  {
    title: "Holds humidity",
    text:
      "Solid sides and top mean the humidity your tropical species need stays inside instead of escaping through a mesh lid, so you mist less and the substrate dries out more slowly.",
  },
  {
    title: "Calmer animals",
    text:
      "Opaque sides and back give shy species such as ball pythons the secure, enclosed feeling they look for, and only the front shows the room.",
  },
  {
    title: "Light and tough",
    text:
      "PVC panels are lighter than glass of the same size and will not shatter, so large enclosures are easier to deliver, carry and stack.",
  },
];

const comparison: [string, string, string][] = [
  ["Heat retention", "Very good: insulating panels", "Poor: heat escapes through the glass"],
  ["Humidity", "Stays high with solid sides and top", "Mesh tops let it escape"],
  ["Weight", "Light for its size", "Heavy, especially large sizes"],
  ["Breakage", "Does not shatter", "Can crack or shatter"],
  ["Visibility", "From the front", "From every side"],
  ["Best for", "Snakes, geckos, tropical and shy species", "Display, planted and arboreal set-ups"],
];

const sizes = [
  { size: "60x45x45 cm", suits: "Hatchling and juvenile snakes and geckos, and small species." },
  { size: "90x45x45 cm", suits: "Adult leopard geckos; growing corn snakes and ball pythons." },
  { size: "90x60x60 cm", suits: "Adult leopard and African fat-tailed geckos; sub-adult ball pythons." },
  { size: "120x60x60 cm", suits: "Adult bearded dragons, ball pythons and corn snakes." },
  { size: "180x60x60 cm", suits: "Boas, carpet pythons, blue-tongued skinks and other large species." },
];

/** A line drawing of a PVC enclosure with sliding glass doors, a lamp recess and a snake. */
function EnclosureArt() {
  return (
    <svg viewBox="0 0 320 220" className="hidden w-full max-w-md justify-self-center lg:block" aria-hidden="true">
      <rect
        x="10"
        y="20"
        width="300"
        height="180"
        rx="14"
        fill="#052e16"
        fillOpacity=".45"
        stroke="#bbf7d0"
        strokeWidth="4"
      />
      <rect x="30" y="34" width="260" height="16" rx="6" fill="#fbbf24" fillOpacity=".85" />
      <path d="M160 50v135" stroke="#bbf7d0" strokeOpacity=".5" strokeWidth="3" />
      <rect
        x="24"
        y="56"
        width="272"
        height="130"
        rx="6"
        fill="#bbf7d0"
        fillOpacity=".08"
        stroke="#bbf7d0"
        strokeOpacity=".6"
        strokeWidth="2"
      />
      <path d="M40 186c8-18 22-24 40-20" stroke="#a16207" strokeWidth="10" strokeLinecap="round" fill="none" />
      <path
        d="M70 168c30-26 70-8 100-16s36-30 66-22c18 5 22 20 12 28"
        fill="none"
        stroke="#86efac"
        strokeWidth="12"
        strokeLinecap="round"
      />
      <circle cx="252" cy="154" r="3" fill="#052e16" />
      <path
        d="M296 70h8M296 90h8M296 110h8M16 70h-8M16 90h-8M16 110h-8"
        stroke="#bbf7d0"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function PvcLandingContent(
  { products, freeShippingCents }: { products: ProductCardData[]; freeShippingCents: number },
) {
  return (
    <article data-landing-content>
      <header className="grid items-center gap-8 overflow-hidden rounded-3xl bg-gradient-to-br from-green-950 via-green-900 to-green-700 px-6 py-10 text-white sm:px-10 sm:py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <p className="text-sm font-semibold tracking-widest text-green-300 uppercase">Enclosures</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">{PVC_LANDING.title}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-green-100">
            Warmer, more humid and lighter than glass. PVC enclosures make it easier to give snakes, geckos and tropical
            species stable conditions all year round.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href="#pvc-range"
              className="rounded-lg bg-amber-400 px-6 py-3 font-bold text-stone-900 hover:bg-amber-300"
            >
              Shop PVC enclosures
            </a>
            <a
              href="#pvc-sizes"
              className="rounded-lg border border-green-300 px-6 py-3 font-bold text-white hover:bg-green-800"
            >
              Which size do I need?
            </a>
          </div>
        </div>
        <EnclosureArt />
      </header>

      <section className="mt-12" aria-labelledby="pvc-why">
        <h2 id="pvc-why" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Why keepers choose PVC over glass
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((r) => (
            <li key={r.title} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
              <h3 className="font-bold text-green-900">{r.title}</h3>
              <p className="mt-2 text-sm leading-6 text-stone-700">{r.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12" aria-labelledby="pvc-compare">
        <h2 id="pvc-compare" className="text-2xl font-bold tracking-tight text-stone-900">PVC and glass compared</h2>
        <div className="mt-4">
          <InfoTable
            className="min-w-[32rem]"
            columns={[
              {
                header: <span className="sr-only">Feature</span>,
                rowHeader: true,
                td: "font-semibold text-stone-900",
                cell: ([label]) => label,
              },
              { header: "PVC", th: "text-green-900", td: "text-stone-800", cell: ([, pvc]) => pvc },
              { header: "Glass", td: "text-stone-600", cell: ([, , glass]) => glass },
            ]}
            rows={comparison}
            rowKey={([label]) => label}
          />
        </div>
      </section>

      <section id="pvc-sizes" className="mt-12 scroll-mt-32" aria-labelledby="pvc-sizes-heading">
        <h2 id="pvc-sizes-heading" className="text-2xl font-bold tracking-tight text-stone-900">
          Which size for which animal?
        </h2>
        <p className="mt-2 max-w-3xl leading-7 text-stone-700">
          Sizes are length x depth x height. Treat them as minimums for an adult: more floor space gives a better heat
          gradient and more room to explore.
        </p>
        <dl className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {sizes.map((s) => (
            <div key={s.size} className="rounded-xl border border-stone-200 bg-white p-4">
              <dt className="font-bold text-stone-900">{s.size}</dt>
              <dd className="mt-1 text-sm leading-6 text-stone-700">{s.suits}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="pvc-range" className="mt-12 scroll-mt-32" aria-labelledby="pvc-range-heading">
        <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
          <h2 id="pvc-range-heading" className="text-2xl font-bold tracking-tight text-stone-900">
            Our PVC enclosures
          </h2>
          <a href="/category/enclosures-housing" className="text-sm font-semibold text-green-800 hover:underline">
            All enclosures →
          </a>
        </div>
        <ProductGrid
          products={products}
          empty="Our PVC enclosures are out of stock at the moment. Browse all enclosures or contact us to order one."
        />
      </section>

      <section className="mt-12 grid gap-6 rounded-3xl bg-stone-100 p-6 sm:p-8 md:grid-cols-2">
        <div>
          <h2 className="text-xl font-bold text-stone-900">Setting up a PVC enclosure</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 leading-7 text-stone-700 marker:text-green-700">
            <li>
              Heat from above with a guarded ceramic heat emitter, basking lamp or radiant heat panel, always on a
              thermostat: PVC holds heat well, so it overshoots quickly without one.
            </li>
            <li>Mount UVB inside the enclosure: the glass doors and solid top do not let UVB through.</li>
            <li>Keep the side vents clear so that stale, damp air can escape.</li>
          </ul>
        </div>
        <div>
          <h2 className="text-xl font-bold text-stone-900">Delivery</h2>
          <p className="mt-3 leading-7 text-stone-700">
            PVC enclosures are large items, so they travel by courier to your door, often flat-packed. Orders leave us
            within 1-2 business days, and standard delivery is free on orders from {formatMoney(freeShippingCents)}. See
            {" "}
            <a className={textLink} href="/shipping">shipping information</a> for delivery times.
          </p>
        </div>
      </section>
    </article>
  );
}
