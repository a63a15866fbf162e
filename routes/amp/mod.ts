/**
 * AMP twins of product and category pages: /product/{slug}/amp and /category/{slug}/amp. Each
 * handler parses the slug, asks the catalogue, and renders a complete AMP document; an unknown or
 * malformed slug gets the AMP not-found page with status 404.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { categoryTreeIds, getCategory, getProduct, listProducts } from "../../domains/catalog/mod.ts";
import {
  ampProductDescription,
  type AmpSite,
  renderAmpCategoryPage,
  renderAmpNotFound,
  renderAmpProductPage,
} from "../../components/amp/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { isSlug } from "../../lib/ids.ts";
import { productHead } from "../pages/product_head.ts";
import { siteShop } from "../shop_info.ts";

/** Most products a category's AMP page lists (the count still tells the full number). */
export const AMP_CATEGORY_LIMIT = 100;

/** The shop as staff set it (the free-delivery threshold every page states follows the settings). */
async function site(c: Context<AppEnv>): Promise<AmpSite> {
  const { config } = c.var;
  const shop = await siteShop(c);
  return {
    name: shop.name,
    url: config.siteUrl,
    companyName: shop.business.companyName,
    freeShippingCents: shop.freeShippingThresholdCents,
    analytics: config.shop.analytics,
  };
}

/** The record, or null when the catalogue says it does not exist. */
async function orNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

async function productAmpPage(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  const product = isSlug(slug) ? await orNull(getProduct(c.var.db, { slug })) : null;
  if (!product) return c.html(renderAmpNotFound(await site(c), "product", `/product/${encodeURIComponent(slug)}`), 404);
  const head = {
    ...productHead(product, c.var.config.siteUrl, c.var.config.shop.name),
    description: ampProductDescription(product),
    ampPath: undefined,
  };
  return c.html(renderAmpProductPage(await site(c), product, head));
}

async function categoryAmpPage(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  const db = c.var.db;
  const category = isSlug(slug) ? await orNull(getCategory(db, { slug })) : null;
  if (!category) {
    return c.html(renderAmpNotFound(await site(c), "category", `/category/${encodeURIComponent(slug)}`), 404);
  }
  const { items, total } = await listProducts(db, {
    categoryIds: await categoryTreeIds(db, category.id),
    limit: AMP_CATEGORY_LIMIT,
  });
  return c.html(renderAmpCategoryPage(await site(c), category, items, total));
}

export function ampRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/product/:slug/amp", productAmpPage);
  app.get("/category/:slug/amp", categoryAmpPage);
  return app;
}
