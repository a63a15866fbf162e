/**
 * createApp(deps): the whole Hono application (middleware, routes, error mapping). main.ts serves
 * it; tests build it in-process with their own database.
 */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { AssetManifest } from "./lib/assets.ts";
import { AppError, TooManyRequestsError } from "./lib/errors.ts";
import { logError } from "./lib/error_log.ts";
import { requestContext, securityHeaders } from "./routes/middleware.ts";
import { sessionMiddleware } from "./routes/session.ts";
import { csrfProtection } from "./routes/csrf.ts";
import type { Session, SessionUser } from "./domains/auth/mod.ts";
import { staticRoutes } from "./routes/static.ts";
import { healthRoutes } from "./routes/health.ts";
import { apiRoutes } from "./routes/api/mod.ts";
import { pageRoutes } from "./routes/pages/mod.ts";
import { ampRoutes } from "./routes/amp/mod.ts";
import { infoRoutes } from "./routes/pages/info.tsx";
import { authPages } from "./routes/pages/auth.tsx";
import { passwordResetPages } from "./routes/pages/password_reset.tsx";
import { accountPages } from "./routes/pages/account.tsx";
import { addressBookPages } from "./routes/pages/address_book.tsx";
import { adminRoutes } from "./routes/admin/mod.ts";
import { cartPages } from "./routes/pages/cart.tsx";
import { checkoutPages } from "./routes/pages/checkout.tsx";
import { orderPages } from "./routes/pages/order.tsx";
import { wishlistPages } from "./routes/pages/wishlist.tsx";
import { stockAlertPages } from "./routes/pages/stock_alerts.tsx";
import { newsletterPages } from "./routes/pages/newsletter.tsx";
import { renderErrorPage } from "./routes/render.tsx";
import { type TtlCache, ttlCache } from "./lib/ttl_cache.ts";
import { type Category, listCategories } from "./domains/catalog/mod.ts";
import { type PaymentGateway, paymentGateway } from "./domains/payments/mod.ts";
import { testStripePages } from "./routes/pages/test_stripe.tsx";
import { loyaltyPages } from "./routes/pages/loyalty.tsx";

export interface AppDeps {
  database: Database;
  config: Config;
  assets: AssetManifest;
  /** Log sink for request lines (defaults to console.log). */
  log?: (line: string) => void;
  /** The payment gateway; null for none; omitted: chosen from the config (one instance per app). */
  payments?: PaymentGateway | null;
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
    /** Set when a guest cart could not be merged at sign-in (the welcome toast then gives way). */
    cartSyncFailed?: boolean;
  };
}

/** Per-app caches of data that every page reads and that rarely changes. */
export interface AppCaches {
  /** Categories for the header, menus and home page; 30 s, cleared by admin category edits. */
  categories: TtlCache<Category[]>;
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const caches: AppCaches = { categories: ttlCache(30_000, () => listCategories(deps.database.db)) };
  const payments = deps.payments !== undefined ? deps.payments : paymentGateway(deps.config);
  app.use(requestContext(deps, caches));
  app.use(async (c, next) => {
    c.set("payments", payments);
    await next();
  });
  app.use(securityHeaders(deps.config, { stripe: payments?.provider === "stripe" }));

  // Files and health checks need no session.
  app.route("/", staticRoutes(deps));
  app.route("/", healthRoutes());
  app.use(sessionMiddleware());
  app.use(csrfProtection());
  app.route("/api", apiRoutes());
  app.route("/", authPages());
  app.route("/", passwordResetPages());
  app.route("/", accountPages());
  app.route("/", addressBookPages());
  app.route("/", cartPages());
  app.route("/", checkoutPages());
  app.route("/", orderPages());
  app.route("/", wishlistPages());
  app.route("/", stockAlertPages());
  app.route("/", newsletterPages());
  app.route("/", testStripePages());
  app.route("/", loyaltyPages());
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

  app.onError((err, c) => {
    const isApi = c.req.path.startsWith("/api/");
    if (err instanceof AppError) {
      if (err instanceof TooManyRequestsError && err.retryAfterSeconds) {
        c.header("Retry-After", String(err.retryAfterSeconds));
      }
      if (isApi) {
        const issues = "issues" in err && Array.isArray(err.issues) && err.issues.length ? { issues: err.issues } : {};
        return c.json({ error: err.message, ...issues }, err.status);
      }
      return renderErrorPage(c, err.status, err.message);
    }
    if (err instanceof HTTPException) {
      const res = err.getResponse();
      if (isApi) return c.json({ error: err.message || res.statusText || "Request refused" }, err.status);
      return res;
    }
    // Never err.stack as is: a database error's message (and stack) carries the query's parameters.
    logError("unhandled error", err, { requestId: c.get("requestId"), path: c.req.path });
    if (isApi) return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
    return renderErrorPage(c, 500);
  });
  return app;
}
