/** GET / : the home page. */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { listProducts } from "../../domains/catalog/mod.ts";
import { HomeView } from "../../components/home/HomeView.tsx";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { loadChromeOrFallback, renderPage } from "../render.tsx";
import { KeeperNote, keeperSummary } from "./animals.tsx";
import { loadSection } from "./load_section.ts";
import { siteShop } from "../shop_info.ts";
import { personalizedProducts, trendingProducts } from "../../domains/recommendations/mod.ts";
import { sharedRead } from "../shared_reads.ts";

/** The spec's texts for a home section that failed to load. */
export const HOME_ERRORS = {
  categories: "Failed to load categories. Please try again later.",
  featured: "Failed to load featured products. Please try again later.",
  newArrivals: "Failed to load new products. Please try again later.",
} as const;

export async function homePage(c: Context<AppEnv>) {
  const db = c.var.db;
  // Each section loads on its own: one failing query shows its error text, not a 500 for the page.
  const user = c.var.user;
  const [categories, featured, newArrivals, picks, keeper] = await Promise.all([
    loadSection(c, "home categories", () => c.var.caches.categories.get()),
    // The same for every shopper: a signed-in shopper's home page (never page-cached) shares them.
    loadSection(
      c,
      "featured products",
      () => sharedRead(c, "home:featured", () => listProducts(db, { featured: true, limit: 12 })),
    ),
    loadSection(
      c,
      "new products",
      () => sharedRead(c, "home:new", () => listProducts(db, { isNew: true, sort: "newest", limit: 8 })),
    ),
    // Spec 000 defaults: 8 personalized for a signed-in customer, 8 trending for visitors. A
    // customer's list is computed live until the nightly job stores one (tens of ms): it is kept per
    // customer as long as a product page's lists.
    loadSection(
      c,
      "home recommendations",
      () =>
        user
          ? c.var.caches.productLists.get(`personal:${user.id}`, () => personalizedProducts(db, user.id, 8))
          : trendingProducts(db, 8),
    ),
    // A keeper's animals: what their setups lack and what is due (docs/animals.md).
    loadSection(c, "keeper's animals", () => keeperSummary(c)),
  ]);
  const shop = await siteShop(c);
  const failed = !categories || !featured || !newArrivals;
  return renderPage(c, {
    // A 500 keeps a degraded home page out of caches and search indexes.
    status: failed ? 500 : 200,
    chrome: await loadChromeOrFallback(c),
    head: { title: "Reptile & Amphibian Supplies in South Africa", description: shop.description, canonicalPath: "/" },
    body: (
      <>
        {keeper ? <KeeperNote summary={keeper} /> : null}
        <HomeView
          categories={categories
            ? categories.filter((x) => x.parentId === null).slice(0, 5)
            : { error: HOME_ERRORS.categories }}
          featured={featured ? featured.items.map(toCardData) : { error: HOME_ERRORS.featured }}
          newArrivals={newArrivals ? newArrivals.items.map(toCardData) : { error: HOME_ERRORS.newArrivals }}
          picks={picks
            ? { title: user ? "Recommended for you" : "Trending Now", products: picks.map(toCardData) }
            : null}
          freeShippingCents={shop.freeShippingThresholdCents}
        />
      </>
    ),
  });
}
