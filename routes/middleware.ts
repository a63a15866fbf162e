/** Per-request context: dependencies, request id header, and one JSON log line per request. */
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.ts";
import type { AppCaches, AppDeps, AppEnv } from "../app.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestContext(deps: AppDeps, caches: AppCaches) {
  const log = deps.log ?? ((line: string) => console.log(line));
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.set("caches", caches);
    c.set("session", null);
    c.set("user", null);
    c.set("db", deps.database.db);
    c.set("config", deps.config);
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    if (deps.config.logRequests) {
      log(JSON.stringify({
        time: new Date().toISOString(),
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      }));
    }
  });
}

const AMP_PATH = /^\/(product|category)\/[^/]+\/amp$/;

/** What Stripe.js needs (its script, its card frames, its API), allowed only while Stripe takes payments. */
const STRIPE_JS = ["https://js.stripe.com", "https://*.js.stripe.com"];

/**
 * Security headers on every response. Pages may run only the shop's own scripts (and Stripe.js when
 * Stripe is the payment gateway); AMP pages also the AMP runtime and its analytics, which AMP requires.
 */
export function securityHeaders(config: Config, options: { stripe?: boolean } = {}) {
  const stripe = options.stripe === true;
  const common = {
    strictTransportSecurity: config.siteUrl.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
  } as const;
  const site = secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? STRIPE_JS : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
      ...(stripe ? { frameSrc: [...STRIPE_JS, "https://hooks.stripe.com"] } : {}),
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  });
  const amp = secureHeaders({
    ...common,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "https://cdn.ampproject.org", "blob:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: [
        "'self'",
        "https://cdn.ampproject.org",
        "https://www.googletagmanager.com",
        "https://*.google-analytics.com",
        "https://www.facebook.com",
      ],
      workerSrc: ["blob:"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  });
  return createMiddleware((c, next) => (AMP_PATH.test(c.req.path) ? amp(c, next) : site(c, next)));
}
