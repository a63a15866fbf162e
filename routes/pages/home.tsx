/** GET / : the home page. */
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import { listProducts } from "../../domains/catalog/mod.ts";
import { HomeView } from "../../components/home/HomeView.tsx";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { renderPage } from "../render.tsx";

export async function homePage(c: Context<AppEnv>) {
  const db = c.var.db;
  const [categories, featured, newArrivals] = await Promise.all([
    c.var.caches.categories.get(),
    listProducts(db, { featured: true, limit: 12 }),
    listProducts(db, { isNew: true, sort: "newest", limit: 8 }),
  ]);
  const shop = c.var.config.shop;
  return renderPage(c, {
    head: { title: "Reptile & Amphibian Supplies in South Africa", description: shop.description, canonicalPath: "/" },
    body: (
      <HomeView
        categories={categories.filter((x) => x.parentId === null).slice(0, 5)}
        featured={featured.items.map(toCardData)}
        newArrivals={newArrivals.items.map(toCardData)}
        freeShippingCents={shop.freeShippingThresholdCents}
      />
    ),
  });
}
