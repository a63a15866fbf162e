/**
 * The home page: hero, Shop By Category, featured carousel, benefits, new arrivals, recommended or
 * trending products, newsletter.
 */
import { Island } from "../../lib/islands.tsx";
import { NewsletterSignup } from "../layout/NewsletterSignup.tsx";
import FeaturedCarousel from "../../islands/FeaturedCarousel.tsx";
import type { ProductCardData } from "../catalog/ProductCard.tsx";
import { ProductGrid } from "../catalog/ProductGrid.tsx";
import { CategoryCard, type CategoryCardData } from "../catalog/CategoryCard.tsx";
import { AwardIcon, TruckIcon, UsersIcon } from "../ui/icons.tsx";
import { formatMoney } from "../../lib/money.ts";
import { HomePicks, type HomePicksData } from "../recommendations/HomePicks.tsx";

function SectionHeading({ title, href, linkLabel }: { title: string; href: string; linkLabel: string }) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <h2 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h2>
      <a href={href} className="text-sm font-semibold text-green-800 hover:underline">{linkLabel} →</a>
    </div>
  );
}

/** A section's items, or the text to show in its place when loading them failed. */
export type Section<T> = T[] | { error: string };

function SectionError({ text }: { text: string }) {
  return <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">{text}</p>;
}

export function HomeView(
  { categories, featured, newArrivals, picks, freeShippingCents }: {
    categories: Section<CategoryCardData>;
    featured: Section<ProductCardData>;
    newArrivals: Section<ProductCardData>;
    /** Recommended for the signed-in customer, else trending; left out when it failed to load. */
    picks?: HomePicksData | null;
    freeShippingCents: number;
  },
) {
  return (
    <>
      <section className="hero relative overflow-hidden bg-green-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-16 md:grid-cols-2 md:py-24">
          <div>
            <p className="text-sm font-semibold tracking-widest text-green-300 uppercase">For South African keepers</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight md:text-5xl">
              Everything your reptiles and amphibians need to thrive
            </h1>
            <p className="mt-4 max-w-prose text-lg text-green-100">
              Enclosures, UVB lighting, heating, feeding and health supplies from brands keepers trust, chosen by people
              who keep reptiles themselves.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a
                href="/category/enclosures-housing"
                className="rounded-lg bg-amber-400 px-6 py-3 font-bold text-stone-900 hover:bg-amber-300"
              >
                Shop Now
              </a>
              <a
                href="/community"
                className="rounded-lg border border-green-300 px-6 py-3 font-bold text-white hover:bg-green-800"
              >
                Join Community
              </a>
            </div>
          </div>
          <div className="hero-art hidden md:block" aria-hidden="true">
            <svg viewBox="0 0 400 300" className="w-full">
              <defs>
                <linearGradient id="hero-g" x1="0" x2="1" y1="0" y2="1">
                  <stop offset="0" stopColor="#4ade80" stopOpacity=".35" />
                  <stop offset="1" stopColor="#fbbf24" stopOpacity=".25" />
                </linearGradient>
              </defs>
              <rect x="20" y="20" width="360" height="260" rx="24" fill="url(#hero-g)" />
              <path
                d="M60 220c40-70 120-80 170-45s100 45 130 0"
                fill="none"
                stroke="#bbf7d0"
                strokeWidth="14"
                strokeLinecap="round"
              />
              <path
                d="M230 175c0-35 25-62 58-62s50 22 50 45-22 35-45 28"
                fill="none"
                stroke="#bbf7d0"
                strokeWidth="14"
                strokeLinecap="round"
              />
              <path
                d="M110 200l-28 50M180 190l12 58M285 205l22 44"
                stroke="#bbf7d0"
                strokeWidth="12"
                strokeLinecap="round"
              />
              <circle cx="300" cy="140" r="7" fill="#fef3c7" />
              <circle cx="330" cy="60" r="26" fill="#fbbf24" opacity=".8" />
            </svg>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-16 px-4 py-12">
        <section aria-labelledby="shop-by-category">
          <div className="mb-6 flex items-end justify-between gap-4">
            <h2 id="shop-by-category" className="text-2xl font-bold tracking-tight">Shop By Category</h2>
            <a href="/categories" className="text-sm font-semibold text-green-800 hover:underline">
              View All Categories →
            </a>
          </div>
          {"error" in categories
            ? <SectionError text={categories.error} />
            : (
              <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
                {categories.map((c) => (
                  <li key={c.slug}>
                    <CategoryCard category={c} compact />
                  </li>
                ))}
              </ul>
            )}
        </section>

        <section aria-label="Featured Products">
          <SectionHeading title="Featured Products" href="/featured" linkLabel="View All" />
          {"error" in featured
            ? <SectionError text={featured.error} />
            : featured.length
            ? <Island name="FeaturedCarousel" component={FeaturedCarousel} props={{ items: featured }} />
            : <p className="text-stone-600">No products found.</p>}
        </section>

        <section aria-label="Why shop with us" className="grid gap-4 md:grid-cols-3">
          {[
            {
              icon: <TruckIcon className="h-7 w-7" />,
              title: "Fast nationwide delivery",
              text: `Dispatched within 1-2 business days to every province. Free delivery on orders from ${
                formatMoney(freeShippingCents)
              }.`,
            },
            {
              icon: <AwardIcon className="h-7 w-7" />,
              title: "Specialised expertise",
              text:
                "We keep reptiles too. Ask us about UVB, temperature gradients or bioactive set-ups before you buy.",
            },
            {
              icon: <UsersIcon className="h-7 w-7" />,
              title: "Community support",
              text: "Join local keepers sharing husbandry advice, care sheets and set-up photos.",
            },
          ].map((b) => (
            <div key={b.title} className="flex gap-4 rounded-xl border border-stone-200 bg-white p-6">
              <span className="h-fit rounded-lg bg-green-100 p-3 text-green-800">{b.icon}</span>
              <div>
                <h3 className="font-bold">{b.title}</h3>
                <p className="mt-1 text-sm text-stone-600">{b.text}</p>
              </div>
            </div>
          ))}
        </section>

        <section aria-label="New Arrivals">
          <SectionHeading title="New Arrivals" href="/new" linkLabel="View All" />
          {"error" in newArrivals ? <SectionError text={newArrivals.error} /> : <ProductGrid products={newArrivals} />}
        </section>

        {picks ? <HomePicks picks={picks} /> : null}

        <section aria-labelledby="newsletter-heading" className="rounded-2xl bg-amber-100 px-6 py-10 md:px-12">
          <div className="grid items-center gap-6 md:grid-cols-2">
            <div>
              <h2 id="newsletter-heading" className="text-2xl font-bold">Get 10% off your first order</h2>
              <p className="mt-2 text-stone-700">
                Join our newsletter for husbandry tips, new stock alerts and member offers. Unsubscribe at any time.
              </p>
            </div>
            <NewsletterSignup source="home_banner" tone="light" />
          </div>
        </section>
      </div>
    </>
  );
}
