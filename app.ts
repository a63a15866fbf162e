/**
 * createApp(deps): the whole Hono application (middleware, routes, error mapping). main.ts serves
 * it; tests build it in-process with their own database.
 */
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, TooManyRequestsError } from "./lib/errors.ts";
import { isClientAbort, logError } from "./lib/error_log.ts";
import { writeLog } from "./lib/logger.ts";
import type { StatusCode } from "hono/utils/http-status";
import {
  apiErrorMessage,
  refuseControlCharacters,
  requestBodyLimit,
  requestContext,
  securityHeaders,
} from "./routes/middleware.ts";
import { compressResponses } from "./routes/compression.ts";
import { sessionMiddleware } from "./routes/session.ts";
import { csrfProtection } from "./routes/csrf.ts";
import { staticRoutes } from "./routes/static.ts";
import { healthRoutes } from "./routes/health.ts";
import { mediaRoutes } from "./routes/media.ts";
import { feedRoutes } from "./routes/feeds.ts";
import { apiRoutes } from "./routes/api/mod.ts";
import { openApiRoutes } from "./routes/api/openapi.tsx";
import { pageRoutes } from "./routes/pages/mod.ts";
import { ampRoutes } from "./routes/amp/mod.ts";
import { infoRoutes } from "./routes/pages/info.tsx";
import { authPages } from "./routes/pages/auth.tsx";
import { passwordResetPages } from "./routes/pages/password_reset.tsx";
import { accountPages } from "./routes/pages/account.tsx";
import { addressBookPages } from "./routes/pages/address_book.tsx";
import { adminRoutes } from "./routes/admin/mod.ts";
import { cartPages } from "./routes/pages/cart.tsx";
import { recommendationPages } from "./routes/pages/recommendations.tsx";
import { checkoutPages } from "./routes/pages/checkout.tsx";
import { whatsappPayPages } from "./routes/pages/wa_pay.tsx";
import { orderPages } from "./routes/pages/order.tsx";
import { wishlistPages } from "./routes/pages/wishlist.tsx";
import { stockAlertPages } from "./routes/pages/stock_alerts.tsx";
import { newsletterPages } from "./routes/pages/newsletter.tsx";
import { renderErrorPage } from "./routes/render.tsx";
import { keyedTtlCache, ttlCache } from "./lib/ttl_cache.ts";
import { cacheVersionStore, STOREFRONT } from "./db/cache_versions.ts";
import { readMemo } from "./lib/read_memo.ts";
import {
  PAGE_CACHE_ENTRIES,
  PAGE_CACHE_MS,
  privateWhenPersonal,
  publicCatalogueReads,
  publicEtag,
  reviewWritesDropProductPages,
  staffWritesBumpStorefront,
  varyAcceptEncoding,
  visitorPageCache,
} from "./routes/page_cache.ts";
import { LISTING_COUNTS_ENTRIES } from "./routes/pages/listing.tsx";
import type { AppCaches, AppDeps, AppEnv, ListingCounts, ProductPageData } from "./routes/context.ts";

import { shopSettingsService } from "./domains/settings/mod.ts";
import { listCategories, type Product, type RankedPage } from "./domains/catalog/mod.ts";
import { payfastGateway, paymentGateway, stitchGateway } from "./domains/payments/mod.ts";
import { testStripePages } from "./routes/pages/test_stripe.tsx";
import { loyaltyPages } from "./routes/pages/loyalty.tsx";
import { referralPages } from "./routes/pages/referral.tsx";
import { storageFromConfig } from "./lib/configured_storage.ts";

/** A cache dropped by versions also expires after this, in case a write bypassed the routes (a script). */
const BACKSTOP_TTL_MS = 5 * 60_000;
/** How many search pages' ranked ids are kept (each a few dozen numbers; the oldest goes first). */
const SEARCH_RANKS_ENTRIES = 2000;
/** The index, the pages file and up to 50 product files (2.5 million products). */
const SITEMAP_ENTRIES = 52;

/** The runtime's refusal to parse a request body as form data (or text), thrown from c.req.parseBody(). */
function isUnreadableBody(err: unknown): boolean {
  return err instanceof TypeError && /parse body|as form data|MultipartParser|body already/i.test(err.message);
}

/**
 * True when a 400 from a validator ("Malformed JSON in request body") hides a body that never arrived:
 * Hono's validator drops the read's error, but the read itself is kept in the request's body cache.
 */
async function bodyReadAborted(c: Context<AppEnv>, err: unknown): Promise<boolean> {
  if (!(err instanceof HTTPException) || err.status !== 400) return false;
  for (const read of Object.values(c.req.bodyCache)) {
    if (!read) continue;
    const failure = await Promise.resolve(read).then(() => null, (e: unknown) => e);
    if (failure !== null && isClientAbort(failure)) return true;
  }
  return false;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const versions = cacheVersionStore(deps.database.db, { checkEveryMs: deps.cacheCheckMs });
  const categories = ttlCache(BACKSTOP_TTL_MS, () => listCategories(deps.database.db));
  versions.onChange(STOREFRONT, () => categories.clear());
  const cachePages = deps.pageCache ?? deps.config.pageCache;
  // Off with the page cache: tests store lists and look at the page at once.
  const productLists = keyedTtlCache<Product[]>(cachePages ? 60_000 : 0, 2000);
  versions.onChange(STOREFRONT, () => productLists.clear());
  const productPages = keyedTtlCache<ProductPageData>(cachePages ? PAGE_CACHE_MS : 0, PAGE_CACHE_ENTRIES);
  versions.onChange(STOREFRONT, () => productPages.clear());
  const catalogueReads = keyedTtlCache<unknown>(cachePages ? PAGE_CACHE_MS : 0, PAGE_CACHE_ENTRIES);
  versions.onChange(STOREFRONT, () => catalogueReads.clear());
  const listingCounts = keyedTtlCache<ListingCounts>(BACKSTOP_TTL_MS, LISTING_COUNTS_ENTRIES);
  versions.onChange(STOREFRONT, () => listingCounts.clear());
  const searchRanks = keyedTtlCache<RankedPage>(BACKSTOP_TTL_MS, SEARCH_RANKS_ENTRIES);
  versions.onChange(STOREFRONT, () => searchRanks.clear());
  const sitemaps = keyedTtlCache<unknown>(BACKSTOP_TTL_MS, SITEMAP_ENTRIES);
  versions.onChange(STOREFRONT, () => sitemaps.clear());
  const caches: AppCaches = {
    versions,
    categories,
    productLists,
    productPages,
    catalogueReads,
    listingCounts,
    searchRanks,
    sitemaps,
    settings: shopSettingsService(deps.database.db, deps.config.shop, versions),
    untilWrite: readMemo(deps.database.writes),
  };
  const payments = deps.payments !== undefined ? deps.payments : paymentGateway(deps.config);
  const payfast = deps.payfast !== undefined ? deps.payfast : payfastGateway(deps.config.payfast);
  const stitch = deps.stitch !== undefined ? deps.stitch : stitchGateway(deps.config.stitch);
  const storage = deps.storage ?? storageFromConfig(deps.config);
  app.use(requestContext(deps, caches));
  // gzip for HTML, JSON, JS, CSS and SVG when the client accepts it (cached visitor pages carry
  // their own gzip copy and static files their pre-compressed .br/.gz, which this leaves alone);
  // whole pages and JSON in one zlib call, streamed bodies through compress() (routes/compression.ts).
  app.use(compressResponses());
  app.use(varyAcceptEncoding());
  // Inside compress: the tag is taken of the body before compress() gzips it (which weakens it).
  app.use(publicEtag());
  app.use(async (c, next) => {
    c.set("payments", payments);
    c.set("payfast", payfast);
    c.set("stitch", stitch);
    c.set("storage", storage);
    await next();
  });
  app.use(
    securityHeaders(deps.config, {
      stripe: payments?.provider === "stripe",
      // PayFast's form posts to its host; the Stitch form's answer redirects to Stitch's pay page, on
      // the host of its token endpoint (secure.stitch.money), and form-action covers redirects too.
      formTargets: [...(payfast ? [payfast.config.base] : []), ...(stitch ? [stitch.config.tokenUrl] : [])],
    }),
  );
  app.use("/api/*", apiErrorMessage());
  app.use(requestBodyLimit());

  // Files and health checks need no session.
  app.route("/", staticRoutes(deps));
  app.route("/", mediaRoutes());
  app.route("/", feedRoutes());
  app.route("/", healthRoutes());
  // One tiny read at most once a second: drops what another instance's staff write made stale.
  app.use(async (_c, next) => {
    await versions.sync();
    await next();
  });
  app.use(privateWhenPersonal());
  if (cachePages) app.use(visitorPageCache(versions));
  app.use(sessionMiddleware());
  app.use(publicCatalogueReads());
  app.use(staffWritesBumpStorefront(versions));
  app.use(reviewWritesDropProductPages());
  app.use(csrfProtection());
  app.use(refuseControlCharacters());
  app.route("/api", apiRoutes());
  // The API description reads this app's whole route table at request time: every route is in it.
  app.route("/api", openApiRoutes(() => app.routes));
  app.route("/", authPages());
  app.route("/", passwordResetPages());
  app.route("/", accountPages());
  app.route("/", addressBookPages());
  app.route("/", cartPages());
  app.route("/", recommendationPages());
  app.route("/", checkoutPages());
  app.route("/", whatsappPayPages());
  app.route("/", orderPages());
  app.route("/", wishlistPages());
  app.route("/", stockAlertPages());
  app.route("/", newsletterPages());
  app.route("/", testStripePages());
  app.route("/", loyaltyPages());
  app.route("/", referralPages());
  app.route("/admin", adminRoutes());
  app.route("/", ampRoutes());
  app.route("/", infoRoutes());
  app.route("/", pageRoutes());

  app.notFound((c) => {
    if (c.req.path.startsWith("/api/") || c.req.path === "/api") {
      return c.json({ error: `No API endpoint at ${c.req.method} ${c.req.path}` }, 404);
    }
    return renderErrorPage(c, 404);
  });

  app.onError(async (err, c) => {
    const isApi = c.req.path.startsWith("/api/");
    // The client hung up while its body was arriving: nobody reads the answer, and it is not our failure.
    // 499 is the status proxies log for it ("client closed request"); the request line says the rest.
    if (isClientAbort(err, c.req.raw.signal) || await bodyReadAborted(c, err)) {
      writeLog("info", "client closed the request before its body arrived", {
        requestId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
      }, deps.log);
      return c.body(null, 499 as StatusCode);
    }
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError && err.retryAfterSeconds) {
        c.header("Retry-After", String(err.retryAfterSeconds));
      }
      if (isApi) {
        const issues = "issues" in err && Array.isArray(err.issues) && err.issues.length ? { issues: err.issues } : {};
        const detail = { ...(err.code ? { code: err.code } : {}), ...(err.field ? { field: err.field } : {}) };
        return c.json({ error: err.message, ...detail, ...issues }, err.status);
      }
      return renderErrorPage(c, err.status, err.message);
    }
    if (err instanceof HTTPException) {
      const res = err.getResponse();
      if (isApi) return c.json({ error: err.message || res.statusText || "Request refused" }, err.status);
      return res;
    }
    // A body the runtime cannot read as what its Content-Type says (multipart without a boundary...).
    if (isUnreadableBody(err)) {
      const message = "The request body could not be read.";
      if (isApi) return c.json({ error: message, message }, 400);
      return renderErrorPage(c, 400, message);
    }
    // Never err.stack as is: a database error's message (and stack) carries the query's parameters.
    logError("unhandled error", err, { requestId: c.get("requestId"), path: c.req.path });
    if (isApi) return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
    return renderErrorPage(c, 500);
  });
  return app;
}
