/**
 * The types every route reads: what the app is built from (AppDeps), what a request carries
 * (AppEnv) and the per-app caches (AppCaches). They live here, below the routes and apart from
 * app.ts, so a route file depends on the contract of the app and not on the app that mounts it.
 */
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { AssetManifest } from "../lib/assets.ts";
import type { Session, SessionUser } from "../domains/auth/mod.ts";
import type { KeyedTtlCache, TtlCache } from "../lib/ttl_cache.ts";
import type { CacheVersions } from "../db/cache_versions.ts";
import type { ReadMemo } from "../lib/read_memo.ts";
import type { ShopSettingsService } from "../domains/settings/mod.ts";
import type { Category, Facets, Product, ProductWithVariants, RankedPage } from "../domains/catalog/mod.ts";
import type { PayFastGateway, PaymentGateway, StitchGateway } from "../domains/payments/mod.ts";
import type { ReviewPage } from "../domains/reviews/mod.ts";
import type { PageHead } from "../lib/head.tsx";
import type { FileStorage } from "../lib/storage.ts";
import type { Scheduler } from "../db/jobs.ts";

export interface AppDeps {
  database: Database;
  config: Config;
  assets: AssetManifest;
  /** Log sink for request lines (tests); omitted: the shop's logger (lib/logger.ts). */
  log?: (line: string) => void;
  /** The payment gateway; null for none; omitted: chosen from the config (one instance per app). */
  payments?: PaymentGateway | null;
  /** PayFast beside the card gateway; null for none; omitted: from the config (PAYFAST_*). */
  payfast?: PayFastGateway | null;
  /** Stitch pay-by-bank beside the others; null for none; omitted: from the config (STITCH_*). */
  stitch?: StitchGateway | null;
  /** Where uploaded files go; omitted: the folder MEDIA_DIR (object storage when configured). */
  storage?: FileStorage;
  /** How often this instance looks for other instances' cache-dropping writes (default 1 s). */
  cacheCheckMs?: number;
  /**
   * Serve visitors' storefront pages and shared catalogue reads from memory (routes/page_cache.ts,
   * routes/shared_reads.ts). Default: PAGE_CACHE (in production only, so tests that write rows
   * straight into the database see them on the next page).
   */
  pageCache?: boolean;
  /** URLs in one sitemap file (default the protocol's 50,000; tests split small catalogues with less). */
  sitemapUrlsPerFile?: number;
  /** The server's background jobs (main.ts), for staff to see and run; omitted: none (tests, scripts). */
  jobs?: Scheduler;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: Config;
    deps: AppDeps;
    caches: AppCaches;
    requestId: string;
    /** The browser's session (guest or signed in), or null. */
    session: Session | null;
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /** Stripe, the offline test provider, or null (production without keys). */
    payments: PaymentGateway | null;
    /** PayFast's hosted page beside the card gateway, or null when PAYFAST_* are not set. */
    payfast: PayFastGateway | null;
    /** Stitch pay-by-bank (instant EFT) beside them, or null when STITCH_* are not set. */
    stitch: StitchGateway | null;
    /** Uploaded files (images): see lib/storage.ts. */
    storage: FileStorage;
    /** Set when a guest cart could not be merged at sign-in (the welcome toast then gives way). */
    cartSyncFailed?: boolean;
    /**
     * The checkout review form's idempotency key (a hidden field): the place-order action reads it
     * here, else the Idempotency-Key header its JSON route is sent.
     */
    idempotencyKey?: string;
  };
}

/**
 * Per-app caches of data that every page reads and that rarely changes, dropped when staff write
 * (here at once, on other instances through cache_versions: db/cache_versions.ts).
 */
export interface AppCaches {
  versions: CacheVersions;
  /** Categories for the header, menus and home page. */
  categories: TtlCache<Category[]>;
  /**
   * A product page's lists (similar, frequently bought), the same for every shopper: computed live
   * they cost hundreds of ms while the job has stored none (decision 0037). Key: kind:productId;
   * a customer's home page list: personal:userId.
   */
  productLists: KeyedTtlCache<Product[]>;
  /**
   * What a product page shows every shopper alike (product, variants, lists, approved reviews, head),
   * per slug and review filter, for PAGE_CACHE_MS: a signed-in shopper's page reads only their own
   * rows. Dropped with the storefront (staff writes) and by a shopper's review, vote or reply.
   */
  productPages: KeyedTtlCache<ProductPageData>;
  /** Listings, facets, categories and search results, the same for every shopper (routes/shared_reads.ts). */
  catalogueReads: KeyedTtlCache<unknown>;
  /**
   * A listing's number of products and facet counts per filter (its sort and page aside): they change
   * only when staff change the catalogue, so they are kept until then, page cache or not (decision 0050).
   */
  listingCounts: KeyedTtlCache<ListingCounts>;
  /** A search page's product ids in order and its number of matches, kept until staff write (routes/shared_reads.ts). */
  searchRanks: KeyedTtlCache<RankedPage>;
  /** Sitemap XML (the index and each file), kept until staff change the catalogue (routes/pages/info_seo.ts). */
  sitemaps: KeyedTtlCache<unknown>;
  /** The shop's details and delivery amounts from /admin/settings (cached, cleared on save). */
  settings: ShopSettingsService;
  /** A session's and a shopper's own reads kept until the next write, on PGlite only (lib/read_memo.ts). */
  untilWrite: ReadMemo;
}

/**
 * What a product page shows that is the same for every shopper: the product and its variants, its
 * lists, the approved reviews of the page asked for, and the head with structured data. Kept for a
 * few seconds per slug and review filter (`AppCaches.productPages`), so a signed-in shopper's page,
 * which is never served from the page cache, reads only what is theirs.
 */
export interface ProductPageData {
  product: ProductWithVariants;
  similar: Product[] | null;
  boughtTogether: Product[] | null;
  reviews: ReviewPage;
  head: PageHead;
}

/** What `AppCaches.listingCounts` keeps per listing filter (a search's number of matches is kept with its ranking). */
export interface ListingCounts {
  total: number | null;
  facets: Facets;
}
