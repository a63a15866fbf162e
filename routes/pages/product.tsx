/** GET /product/{slug}: the product page with its structured data. */
import type { Context } from "hono";
import type { AppEnv, ProductPageData } from "../context.ts";
import { getProductWithVariants, treeIdsIn } from "../../domains/catalog/mod.ts";
import { productPageLists } from "../../domains/recommendations/mod.ts";
import { listProductReviews, type ReviewQuery } from "../../domains/reviews/mod.ts";
import { loadSection } from "./load_section.ts";
import { ProductView } from "../../components/catalog/ProductView.tsx";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { isSlug } from "../../lib/ids.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { productHead } from "./product_head.ts";
import { shopperProductState } from "../../domains/shopper/mod.ts";
import { renderPage } from "../render.tsx";
import { siteShop } from "../shop_info.ts";
import { reviewFilters, reviewsSectionData, withReviewStructuredData } from "./product_reviews.ts";
import { suitableFor } from "./animals.tsx";

async function loadProductPage(c: Context<AppEnv>, slug: string, filters: ReviewQuery): Promise<ProductPageData> {
  const { db, config } = c.var;
  const product = await getProductWithVariants(db, { slug });
  // Spec 000: the product page asks 4 of each; a list that fails to load is left out, not a 500.
  // Both lists are read together (productPageLists) and kept apart, as the API's lists are.
  const lists = c.var.caches.productLists;
  let both: ReturnType<typeof productPageLists> | null = null;
  const pageLists = () =>
    both ??= c.var.caches.categories.get().then((all) =>
      productPageLists(db, product, 4, product.categoryId ? treeIdsIn(all, product.categoryId) : [])
    );
  const [similar, boughtTogether, reviews] = await Promise.all([
    loadSection(
      c,
      "similar products",
      () => lists.get(`similar:${product.id}`, () => pageLists().then((l) => l.similar)),
    ),
    loadSection(
      c,
      "frequently bought together",
      () => lists.get(`bought:${product.id}`, () => pageLists().then((l) => l.boughtTogether)),
    ),
    listProductReviews(db, product.id, filters),
  ]);
  const head = await withReviewStructuredData(
    db,
    productHead(product, config.siteUrl, config.shop.name),
    product.id,
    reviews,
  );
  return { product, similar, boughtTogether, reviews, head };
}

export async function productPage(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  if (!isSlug(slug)) throw new NotFoundError("Product Not Found");
  const filters = reviewFilters(c);
  const key = `${slug}?${filters.rating ?? ""}|${filters.source ?? ""}|${filters.sort ?? ""}|${filters.page ?? ""}`;
  const { product, similar, boughtTogether, reviews, head } = await c.var.caches.productPages.get(
    key,
    () => loadProductPage(c, slug, filters),
  );
  // The shopper's own: whether it is on their wishlist, their review, cart badge (one query) and votes.
  const { db, config, user } = c.var;
  const mine = user
    ? await c.var.caches.untilWrite.get(
      `state:${user.id}:${product.id}`,
      () => shopperProductState(db, user.id, product.id),
    )
    : null;
  const [reviewsSection, shop, species] = await Promise.all([
    reviewsSectionData(c, product, reviews, filters, mine ? mine.reviewStatus : undefined),
    siteShop(c),
    suitableFor(c, product.id),
  ]);
  const saved = mine?.saved ?? false;
  return renderPage(c, {
    head,
    cartCount: mine?.cartCount,
    body: (
      <ProductView
        product={product}
        similar={(similar ?? []).map(toCardData)}
        boughtTogether={(boughtTogether ?? []).map(toCardData)}
        freeShippingCents={shop.freeShippingThresholdCents}
        shareUrl={`${config.siteUrl}/product/${product.slug}`}
        wishlist={{ signedIn: !!user, saved }}
        reviews={reviewsSection}
        suitableFor={species}
      />
    ),
  });
}
