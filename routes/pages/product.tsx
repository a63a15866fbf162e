/** GET /product/{slug}: the product page with its structured data. */
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import { getProductWithVariants } from "../../domains/catalog/mod.ts";
import { productRecommendations } from "../../domains/recommendations/mod.ts";
import { loadSection } from "./load_section.ts";
import { ProductView } from "../../components/catalog/ProductView.tsx";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { isSlug } from "../../lib/ids.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { productHead } from "./product_head.ts";
import { isInWishlist } from "../../domains/wishlist/mod.ts";
import { renderPage } from "../render.tsx";
import { siteShop } from "../shop_info.ts";
import { reviewsSectionData, withReviewStructuredData } from "./product_reviews.ts";

export async function productPage(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  if (!isSlug(slug)) throw new NotFoundError("Product Not Found");
  const db = c.var.db;
  const product = await getProductWithVariants(db, { slug });
  // Spec 000: the product page asks 4 of each; a list that fails to load is left out, not a 500.
  const lists = c.var.caches.productLists;
  const [similar, boughtTogether] = await Promise.all([
    loadSection(
      c,
      "similar products",
      () => lists.get(`similar:${product.id}`, () => productRecommendations(db, "similar", product.id, 4)),
    ),
    loadSection(
      c,
      "frequently bought together",
      () => lists.get(`bought:${product.id}`, () => productRecommendations(db, "frequentlyBought", product.id, 4)),
    ),
  ]);
  const { config, user } = c.var;
  const saved = user ? await isInWishlist(db, user.id, product.id) : false;
  const reviews = await reviewsSectionData(c, product);
  return renderPage(c, {
    head: await withReviewStructuredData(
      c,
      productHead(product, config.siteUrl, config.shop.name),
      product.id,
      reviews.page,
    ),
    body: (
      <ProductView
        product={product}
        similar={(similar ?? []).map(toCardData)}
        boughtTogether={(boughtTogether ?? []).map(toCardData)}
        freeShippingCents={(await siteShop(c)).freeShippingThresholdCents}
        shareUrl={`${config.siteUrl}/product/${product.slug}`}
        wishlist={{ signedIn: !!user, saved }}
        reviews={reviews.data}
      />
    ),
  });
}
