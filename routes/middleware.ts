/** Per-request context: dependencies, request id header (X-Request-Id, echoed), and one log line per request. */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.ts";
import type { AppCaches, AppDeps, AppEnv } from "./context.ts";
import { ValidationError } from "../lib/errors.ts";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from "./validate.ts";
import { MAX_UPLOAD_BODY } from "./uploads.ts";
import { writeLog } from "../lib/logger.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request's variables as `c.var` reads them, each read straight from `c.get`. Hono's own `var`
 * getter copies every variable into a new object on each read (`Object.fromEntries`, some 4 us
 * with the shop's 18 variables), and a signed-in page reads `c.var` dozens of times: that copy was
 * 2% of its CPU before the collector's share. Reads only: variables are still set with `c.set`.
 */
function variablesOf(c: Context<AppEnv>): AppEnv["Variables"] {
  return new Proxy({} as AppEnv["Variables"], {
    get: (_target, key) => typeof key === "string" ? c.get(key as keyof AppEnv["Variables"]) : undefined,
  });
}

export function requestContext(deps: AppDeps, caches: AppCaches) {
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
    Object.defineProperty(c, "var", { value: variablesOf(c) });
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    if (deps.config.logRequests) {
      // The path only: a query string can hold tokens and e-mail addresses (and is redacted anyway).
      writeLog(c.res.status >= 500 ? "error" : "info", "request", {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      }, deps.log);
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
/**
 * `formTargets`: origins outside the shop a page form may post to (PayFast's hosted payment page;
 * the checkout's PayFast form posts there).
 */
export function securityHeaders(config: Config, options: { stripe?: boolean; formTargets?: string[] } = {}) {
  const stripe = options.stripe === true;
  const formTargets = (options.formTargets ?? []).map((u) => new URL(u).origin);
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
      formAction: ["'self'", ...formTargets],
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

/**
 * Every JSON error body under /api carries `message` beside `error`: spec 001's client reads
 * `message` (and shows it after '{status}: '), older callers read `error`. Done once here so no route
 * can forget it; only error responses are touched.
 */
export function apiErrorMessage() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get("content-type")?.startsWith("application/json")) return;
    const body = await res.clone().json().catch(() => null);
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    if (typeof body.error !== "string" || typeof body.message === "string") return;
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    c.res = new Response(JSON.stringify({ ...body, message: body.error }), { status: res.status, headers });
  });
}

/**
 * Refuses control characters (NUL and the C0 set but tab and newline) anywhere in the URL's path and
 * query, and in urlencoded form and JSON bodies, before any route reads them: PostgreSQL refuses NUL
 * in text (SQLSTATE 22021, a 500 otherwise) and no field of the shop has a use for the others. The
 * body is read from a clone, so a route's own body limit and parser still find it unread. Multipart
 * uploads check their own text fields (their files are bytes); webhooks keep their raw bodies.
 */
export function refuseControlCharacters() {
  return createMiddleware<AppEnv>(async (c, next) => {
    let bad = controlCharacterPath(safeDecode(c.req.path)) ?? controlCharacterPath(c.req.queries());
    const method = c.req.method;
    if (!bad && method !== "GET" && method !== "HEAD" && !c.req.path.startsWith("/api/webhooks/")) {
      const type = c.req.header("content-type") ?? "";
      if (type.startsWith("application/x-www-form-urlencoded")) {
        const text = await c.req.raw.clone().text().catch(() => "");
        bad = controlCharacterPath([...new URLSearchParams(text)]);
      } else if (type.startsWith("application/json")) {
        const text = await c.req.raw.clone().text().catch(() => "");
        bad = controlCharacterPath(parseJsonOrNull(text));
      }
    }
    if (bad) {
      throw new ValidationError(CONTROL_CHARACTER_MESSAGE, [{
        path: bad.join("."),
        message: CONTROL_CHARACTER_MESSAGE,
      }]);
    }
    await next();
  });
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The largest JSON or form body any route takes: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE = "The request body is too large (1 MB at most)";

/** Routes that take file uploads (multipart); every other route gets MAX_BODY_BYTES whatever it sends. */
const UPLOAD_PATHS = [
  /^\/api\/products\/\d+\/images$/,
  /^\/admin\/products\/\d+\/images$/,
  /^\/api\/categories\/\d+\/image$/,
  /^\/admin\/categories\/\d+\/image$/,
  /^\/admin\/categories(\/\d+)?$/,
  /^\/api\/products\/\d+\/reviews$/,
  /^\/product\/[a-z0-9-]+\/reviews$/,
];

/** The product CSV import (API and screen): up to 5 MB of file, limited by its own route (413). */
const CSV_IMPORT_PATH = /^\/(api\/)?admin\/products\/import$/;

/**
 * A body limit for every request, checked by Content-Length and again while streaming (a chunked
 * body cannot slip past): 1 MB, or MAX_UPLOAD_BODY on the upload routes (which keep their own,
 * finer limits). Over it: 413 with a message, before the body is read whole.
 */
export function requestBodyLimit() {
  const refuse = () => {
    throw new HTTPException(413, { message: BODY_TOO_LARGE });
  };
  const small = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuse });
  const upload = bodyLimit({ maxSize: MAX_UPLOAD_BODY, onError: refuse });
  return createMiddleware<AppEnv>((c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const isUpload = UPLOAD_PATHS.some((p) => p.test(c.req.path)) &&
      /^multipart\/form-data/i.test(c.req.header("content-type") ?? "");
    if (CSV_IMPORT_PATH.test(c.req.path)) return upload(c, next);
    return (isUpload ? upload : small)(c, next);
  });
}
