/**
 * The storefront's hot catalogue reads stay index-backed as the catalogue grows (decision 0044):
 * on a generated catalogue, vacuumed and analyzed, the plans PostgreSQL picks under its normal
 * settings for a category page (first page, a deep page by price, the facets), for search and
 * suggestions, and for the staff reads that grow with the catalogue (decision 0098) name our indexes
 * and never read the products table whole.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { mostProductsRead, planTest as plansOf, productSeqScans, uses } from "../../tests/helpers/query_plans.ts";
import type { Db } from "../../db/client.ts";
import { seedDemo } from "../../seed/mod.ts";
import { seedLarge } from "../../seed/large.ts";
import { categoryTreeIds, getCategory } from "./service.ts";
import { countMatches, listProducts, productFacets } from "./product_query.ts";
import { RANKED_MATCHES } from "./relevance.ts";
import { searchProducts, suggestProducts } from "../search/mod.ts";
import { dashboardFigures } from "../dashboard/mod.ts";

const { test, closeDatabase } = useTestDatabase();

/** Enough products that a whole-table read is a real cost the planner weighs. */
const PRODUCTS = 20_000;

/** A generated catalogue of {@link PRODUCTS} products beside the demo shop's. */
async function catalogue(db: Db) {
  await seedDemo(db, { withAccounts: false });
  await seedLarge(db, PRODUCTS);
}

const planTest = (name: string, fn: Parameters<typeof plansOf>[3]) => plansOf(test, name, catalogue, fn);

const BANDS = [{ minCents: 0, maxCents: 50_000 }, { minCents: 50_000, maxCents: 100_000 }];

planTest(
  "[catalog plans] a category page, a deep page by price and its facets read no products seq scan",
  async (plans) => {
    let inCategory = 0;
    const seen = await plans(async (db) => {
      const category = await getCategory(db, { slug: "heating-lighting" });
      inCategory = category.productCount;
      const categoryIds = await categoryTreeIds(db, category.id);
      await listProducts(db, { categoryIds, sort: "featured", limit: 24 });
      await listProducts(db, { categoryIds, sort: "price_asc", page: 50, limit: 24 });
      await listProducts(db, { categoryIds, sort: "price_desc", page: 3, limit: 24 });
      await productFacets(db, { categoryIds }, BANDS, { countCategories: false });
    });
    assert.deepEqual(productSeqScans(seen), []);
    assert.ok(uses(seen, "products_listing_featured_idx"), "the featured sort reads its index in order");
    assert.ok(uses(seen, "products_listing_price_desc_idx"), "the price sort reads its index in order");
    // Nothing on the page reads beyond the category (a whole-shop count would, index-only or not);
    // a scan of the category may pass over its archived products (1%) too.
    assert.ok(inCategory > 1000 && inCategory < PRODUCTS / 4, `category holds ${inCategory} products`);
    assert.ok(mostProductsRead(seen) <= inCategory * 1.05, `a plan node read ${mostProductsRead(seen)} products`);
  },
);

planTest(
  "[catalog plans] a category's counts and facets, filtered or not, read the index alone, never a product row",
  async (plans) => {
    const seen = await plans(async (db) => {
      const category = await getCategory(db, { slug: "heating-lighting" });
      const categoryIds = await categoryTreeIds(db, category.id);
      for (const filter of [{ categoryIds }, { categoryIds, priceBands: [BANDS[1]] }]) {
        await countMatches(db, filter);
        await productFacets(db, filter, BANDS, { countCategories: false });
      }
    });
    // The index's condition is the storefront's whole rule (decision 0089): without `status` in it,
    // each count visits every product row of the category (at 1,000,000 products, the whole table).
    const rowReads = seen.flatMap((p) =>
      p.plan.filter((line) => /(Seq Scan|Bitmap Heap Scan|Index Scan using \S+) on products\b/.test(line))
    );
    assert.deepEqual(rowReads, []);
    assert.ok(uses(seen, "Index Only Scan using products_storefront_category_idx"), "counts read the counting index");
  },
);

planTest(
  "[catalog plans] search, a typo and suggestions read the search indexes, no products seq scan",
  async (plans) => {
    const seen = await plans(async (db) => {
      await searchProducts(db, "incubator", { limit: 24 });
      await searchProducts(db, "thermostst", { limit: 24 });
      await suggestProducts(db, "hygrom", 6);
    });
    assert.deepEqual(productSeqScans(seen), []);
    assert.ok(uses(seen, "products_search_vector_idx"), "full-text search reads its GIN index");
    assert.ok(uses(seen, "products_name_brand_trgm_idx"), "typo matching reads the trigram index");
  },
);

planTest(
  "[catalog plans] a broad search ranks and facets a bounded number of matches, name and brand matches first",
  async (plans) => {
    let result: { total: number; capped?: boolean } = { total: 0 };
    const seen = await plans(async (db) => {
      result = await searchProducts(db, "vivarium", { limit: 24 });
      // The search page's facets count the same bounded set.
      await productFacets(db, { q: "vivarium" }, BANDS, { countCategories: true });
      // A word found in descriptions only: the text tier reads the full-text index.
      await searchProducts(db, "natural", { limit: 24 });
    });
    // "vivarium" and its synonyms match about 38% of the generated products: many more than are ranked.
    assert.deepEqual([result.total, result.capped], [RANKED_MATCHES, true]);
    // A later tier of a dense word may be planned as a scan that stops after its LIMIT; it runs only
    // when the earlier tiers are short, so what counts is that none ran and no node read much.
    assert.deepEqual(productSeqScans(seen).filter((line) => !line.includes("(never executed)")), []);
    assert.ok(uses(seen, "products_search_vector_idx"), "text matches come from the search document's index");
    assert.ok(uses(seen, "products_title_search_idx"), "name and brand matches come from their GIN index");
    // No node reads more products than are ranked (give or take archived ones the filter drops).
    assert.ok(mostProductsRead(seen) <= (RANKED_MATCHES + 1) * 1.05, `a plan node read ${mostProductsRead(seen)}`);
  },
);

planTest(
  "[catalog plans] the whole catalogue's deep page, the dashboard's low stock and staff's name or SKU search read their indexes",
  async (plans) => {
    const deep = await plans((db) => listProducts(db, { sort: "featured", page: 700, limit: 24 }));
    assert.deepEqual(productSeqScans(deep), []);
    assert.ok(uses(deep, "Index Only Scan using products_storefront_featured_idx"), "the page walks its index alone");

    const lowStock = await plans((db) => dashboardFigures(db));
    assert.deepEqual(productSeqScans(lowStock), []);
    assert.ok(uses(lowStock, "products_low_stock_idx"), "the low-stock panel reads its index");

    const searched = await plans(async (db) => {
      for (const nameOrSku of ["zzzq", "LG-00102", "heat"]) {
        await listProducts(db, { nameOrSku, archived: "unarchived", sort: "name_asc", limit: 25 });
      }
    });
    assert.deepEqual(productSeqScans(searched), []);
    assert.ok(uses(searched, "products_name_trgm_idx"), "names are matched through their trigram index");
    assert.ok(uses(searched, "products_sku_trgm_idx"), "SKUs are matched through their trigram index");
    // A search with few matches (none, a SKU's hundred) no longer walks the name index past every product.
    assert.ok(mostProductsRead(searched) < PRODUCTS / 4, `a plan node read ${mostProductsRead(searched)} products`);
  },
);

closeDatabase();
