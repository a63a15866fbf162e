/** GET /product/{slug}: the product page with its structured data. */
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import { getProductWithVariants, listProducts } from "../../domains/catalog/mod.ts";
import { ProductView } from "../../components/catalog/ProductView.tsx";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { isSlug } from "../../lib/ids.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { productHead } from "./product_head.ts";
import { isInWishlist } from "../../domains/wishlist/mod.ts";
import { renderPage } from "../render.tsx";

export async function productPage(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  if (!isSlug(slug)) throw new NotFoundError("Product Not Found");
  const db = c.var.db;
  const product = await getProductWithVariants(db, { slug });
  const similar = product.categoryId
    ? (await listProducts(db, { categoryIds: [product.categoryId], limit: 5 })).items
      .filter((p) => p.id !== product.id).slice(0, 4)
    : [];
  const { config, user } = c.var;
  const saved = user ? await isInWishlist(db, user.id, product.id) : false;
  return renderPage(c, {
    head: productHead(product, config.siteUrl, config.shop.name),
    body: (
      <ProductView
        product={product}
        similar={similar.map(toCardData)}
        freeShippingCents={config.shop.freeShippingThresholdCents}
        shareUrl={`${config.siteUrl}/product/${product.slug}`}
        wishlist={{ signedIn: !!user, saved }}
      />
    ),
  });
}
