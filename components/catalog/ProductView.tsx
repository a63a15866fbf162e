/**
 * The product page body: breadcrumbs, gallery, buy box (variant, price, stock, quantity, add to cart),
 * wishlist and share, delivery promises, tabs (description, specifications, shipping and returns) and
 * the recommendation sections. Interactive parts are islands that render in full on the server.
 */
import { Island } from "../../lib/islands.tsx";
import WishlistButton from "../../islands/WishlistButton.tsx";
import Tabs, { tabPanel } from "../../islands/Tabs.tsx";
import BuyBox from "../../islands/BuyBox.tsx";
import ProductGallery from "../../islands/ProductGallery.tsx";
import ShareButton from "../../islands/ShareButton.tsx";
import { formatMoney } from "../../lib/money.ts";
import type { ProductWithVariants } from "../../domains/catalog/mod.ts";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { ClockIcon, RotateLeftIcon, TruckIcon } from "../ui/icons.tsx";
import type { ProductCardData } from "./ProductCard.tsx";
import { ProductRecommendations } from "../recommendations/ProductRecommendations.tsx";
import { ShippingReturnsText } from "./ShippingReturnsText.tsx";
import { choicesOf, defaultChoiceIndex, optionsOf } from "./ProductChoice.tsx";
import { ProductSpecs } from "./ProductSpecs.tsx";
import { ReviewsSection, type ReviewsSectionData } from "../reviews/ReviewsSection.tsx";
import { Frozen } from "../../lib/frozen.tsx";

export function ProductView(
  { product, similar, boughtTogether, freeShippingCents, shareUrl, wishlist, reviews, suitableFor = [] }: {
    product: ProductWithVariants;
    /** Whether the shopper is signed in and has saved this product. */
    wishlist: { signedIn: boolean; saved: boolean };
    similar: ProductCardData[];
    boughtTogether: ProductCardData[];
    freeShippingCents: number;
    /** The canonical absolute URL of this page, which the share button copies. */
    shareUrl: string;
    /** The Customer Reviews section (#reviews): the form and the approved reviews. */
    reviews: ReviewsSectionData;
    /** The species this product suits (docs/animals.md), linked to their profiles. */
    suitableFor?: { slug: string; commonName: string }[];
  },
) {
  const p = product;
  const choices = choicesOf(p);
  const shown = choices[defaultChoiceIndex(choices)];
  const promise = "flex items-start gap-3 px-4 py-3";
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Frozen owner={p} part="breadcrumbs" className="contents">
        <Breadcrumbs
          items={[
            { label: "Home", href: "/" },
            p.category
              ? { label: p.category.name, href: `/category/${p.category.slug}` }
              : { label: "Categories", href: "/categories" },
            { label: p.name },
          ]}
        />
      </Frozen>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <Frozen owner={p} part="gallery" as="section" aria-label="Product images">
          <Island
            name="ProductGallery"
            component={ProductGallery}
            props={{
              name: p.name,
              images: p.images,
              alts: pickAlts(p.images, p.imageAlts),
              isNew: p.isNew,
              onSale: p.salePriceCents !== null,
            }}
          />
        </Frozen>
        <section aria-label="Product details" className="flex flex-col gap-5">
          {/* Rendered once per product and sign-in state (lib/frozen.tsx): nothing of one shopper inside. */}
          <Frozen owner={p} part={`buy:${wishlist.signedIn}`} className="contents">
            <div>
              {p.brand
                ? <p className="text-sm font-semibold tracking-wide text-green-800 uppercase">{p.brand}</p>
                : null}
              <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-balance text-stone-900 sm:text-3xl">
                {p.name}
              </h1>
            </div>
            <Island
              name="BuyBox"
              component={BuyBox}
              props={{
                productId: p.id,
                choices,
                options: optionsOf(p),
                signedIn: wishlist.signedIn,
                returnPath: `/product/${p.slug}`,
              }}
            />
          </Frozen>
          <div className="flex flex-wrap gap-2">
            <Island
              name="WishlistButton"
              component={WishlistButton}
              props={{
                productId: p.id,
                inWishlist: wishlist.saved,
                signedIn: wishlist.signedIn,
                returnPath: `/product/${p.slug}`,
              }}
            />
            {/* Below the fold on phones; loaded 400 px before it scrolls into view. */}
            <Frozen owner={p} part={`share:${shareUrl}`} className="contents">
              <Island
                name="ShareButton"
                component={ShareButton}
                props={{ url: shareUrl, title: p.name }}
                hydrate="visible"
              />
            </Frozen>
          </div>
          <Frozen
            owner={p}
            part={`promises:${freeShippingCents}`}
            as="ul"
            className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white text-sm text-stone-700"
          >
            <li className={promise}>
              <TruckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              <span>
                <span className="font-semibold text-stone-900" data-free-shipping>
                  Free delivery on orders from {formatMoney(freeShippingCents)}
                </span>
                <span className="block text-stone-600">Major cities 1-3 business days, regional 3-5, remote 5-7.</span>
              </span>
            </li>
            <li className={promise}>
              <ClockIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              <span>Dispatched within 1-2 business days.</span>
            </li>
            <li className={promise}>
              <span className="mt-0.5 shrink-0 text-green-700">
                <RotateLeftIcon className="h-5 w-5" />
              </span>
              <span>Returns accepted within 14 days of delivery in original condition.</span>
            </li>
          </Frozen>
        </section>
      </div>

      <Frozen
        owner={p}
        part={`information:${freeShippingCents}`}
        as="section"
        className="mt-12"
        aria-label="Product information"
      >
        <Island
          name="Tabs"
          component={Tabs}
          props={{
            label: "Product information",
            tabs: [
              { id: "tab-description", label: "Description" },
              { id: "tab-specifications", label: "Specifications" },
              { id: "tab-shipping", label: "Shipping & Returns" },
            ],
          }}
        />
        <div className="flex flex-col gap-8 rounded-b-xl border border-t-0 border-stone-200 bg-white p-6">
          <div {...tabPanel("tab-description")}>
            <h2 className="sr-only">Description</h2>
            <div className="max-w-prose space-y-3 leading-7 whitespace-pre-line text-stone-700">{p.description}</div>
          </div>
          <div {...tabPanel("tab-specifications")}>
            <h2 className="mb-3 text-lg font-bold">Specifications</h2>
            <ProductSpecs
              choice={shown}
              brand={p.brand}
              weightKg={p.weightKg}
              anyDimensions={choices.some((c) => c.dimensions)}
            />
          </div>
          <div {...tabPanel("tab-shipping")}>
            <h2 className="mb-3 text-lg font-bold">Shipping &amp; Returns</h2>
            <ShippingReturnsText freeShippingCents={freeShippingCents} />
          </div>
        </div>
      </Frozen>

      {suitableFor.length
        ? (
          <section aria-labelledby="suitable-for" className="mt-6">
            <h2 id="suitable-for" className="text-lg font-bold">Suitable for</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {suitableFor.map((s) => (
                <li key={s.slug}>
                  <a
                    href={`/animals/${s.slug}`}
                    className="inline-block rounded-full border border-green-700 px-3 py-1 text-sm font-medium text-green-900 hover:bg-green-50"
                  >
                    {s.commonName}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )
        : null}

      {/* The lists come from the same cached page data as the product. */}
      <Frozen owner={p} part="lists" className="contents">
        <ProductRecommendations productId={p.id} similar={similar} boughtTogether={boughtTogether} />
      </Frozen>

      <ReviewsSection data={reviews} />
    </div>
  );
}

/** The alt texts of the images shown (none when staff wrote none: the props stay small). */
function pickAlts(images: string[], alts: Record<string, string>): Record<string, string> | undefined {
  const picked = Object.fromEntries(images.filter((url) => alts[url]).map((url) => [url, alts[url]]));
  return Object.keys(picked).length ? picked : undefined;
}
