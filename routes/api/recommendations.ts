/**
 * Recommendations API: POST /api/recommendations/track-view {productId, timeSpent}; GET
 * /api/recommendations/similar|frequently-bought|cross-sell|up-sell/{productId}?limit,
 * /personalized?limit (signed in), /trending?categoryId&limit -> a list of products (the catalogue's
 * product JSON); POST /api/admin/recommendations/rebuild (staff) -> 200 with the entries per type.
 */
import type { Context } from "hono";
import { z } from "zod";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../context.ts";
import {
  DEFAULT_LIMITS,
  personalizedProducts,
  type ProductListKind,
  productRecommendations,
  rebuildRecommendations,
  recommendationSchemas,
  trackView,
  trendingProducts,
  type Viewer,
} from "../../domains/recommendations/mod.ts";
import { getCategory, type Product } from "../../domains/catalog/mod.ts";
import { hitRateLimit } from "../../domains/auth/mod.ts";
import { withFallback } from "../../lib/error_log.ts";
import { parseId } from "../../lib/ids.ts";
import { clientIp } from "../client_ip.ts";
import { currentUser, requireRole } from "../guards.ts";
import { cookieSecure } from "../session.ts";
import { validate } from "../validate.ts";
import { actionApi, defineAction, validQuery } from "../action.ts";
import { productJsonSchema } from "../../contract/catalog.ts";
import { productJson } from "./json.ts";

/** The anonymous id a visitor's views are kept under (no session or account needed). */
export const VISITOR_COOKIE = "rb_vid";
const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** View posts per address: a shopper's browsing, not a script's. */
const TRACK_LIMIT = { max: 300, windowMs: 10 * 60_000 };

function viewer(c: Context<AppEnv>): Viewer {
  if (c.var.user) return { userId: c.var.user.id };
  const existing = getCookie(c, VISITOR_COOKIE);
  if (existing && VISITOR_ID.test(existing)) return { visitorId: existing };
  const visitorId = crypto.randomUUID().replaceAll("-", "");
  setCookie(c, VISITOR_COOKIE, visitorId, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: cookieSecure(c),
    maxAge: 365 * 24 * 3600,
  });
  return { visitorId };
}

/** Runs a read; an unexpected failure is logged and answers the spec's text for it (a 404 or 400 stays). */
async function listOr(failure: string, read: () => Promise<Product[]>) {
  return (await withFallback(failure, { message: failure }, read)).map(productJson);
}

const productList = z.array(productJsonSchema);
const limitQuery = validate("query", recommendationSchemas.limitQuery);

const productLists: { path: string; kind: ProductListKind; limit: number; failure: string }[] = [
  { path: "similar", kind: "similar", limit: DEFAULT_LIMITS.similar, failure: "Failed to fetch similar products" },
  {
    path: "frequently-bought",
    kind: "frequentlyBought",
    limit: DEFAULT_LIMITS.frequentlyBought,
    failure: "Failed to fetch frequently bought together products",
  },
  {
    path: "cross-sell",
    kind: "crossSell",
    limit: DEFAULT_LIMITS.crossSell,
    failure: "Failed to fetch cross-sell products",
  },
  { path: "up-sell", kind: "upSell", limit: DEFAULT_LIMITS.upSell, failure: "Failed to fetch up-sell products" },
];

export const trackViewAction = defineAction({
  method: "post",
  path: "/recommendations/track-view",
  input: recommendationSchemas.trackViewBody,
  output: z.object({ success: z.literal(true) }),
  auth: "public",
  summary: "Record that the visitor viewed a product (feeds the recommendations)",
  handler: async (c, body) => {
    await hitRateLimit(c.var.db, `track-view:${clientIp(c)}`, TRACK_LIMIT);
    await trackView(c.var.db, viewer(c), body.productId, body.timeSpent);
    return { success: true as const };
  },
});

export const rebuildAction = defineAction({
  method: "post",
  path: "/admin/recommendations/rebuild",
  input: undefined,
  output: z.object({
    success: z.literal(true),
    counts: z.record(z.string(), z.number().int()).describe("Rows written per list type"),
    durationMs: z.number().int(),
  }),
  auth: "admin",
  summary: "Recompute every recommendation list now",
  handler: async (c) => {
    const started = performance.now();
    const counts = await rebuildRecommendations(c.var.db);
    return { success: true as const, counts, durationMs: Math.round(performance.now() - started) };
  },
});

/** A product's stored list of one kind (similar, frequently bought together, cross-sell, up-sell). */
export const productListActions = productLists.map((list) =>
  defineAction({
    method: "get",
    path: `/recommendations/${list.path}/:productId`,
    input: undefined,
    output: productList,
    auth: "public",
    middleware: [limitQuery],
    summary: `The product's ${list.path.replace("-", " ")} list (at most \`limit\`, default ${list.limit})`,
    handler: (c) => {
      const productId = parseId(c.req.param("productId"), "productId");
      const limit = validQuery(c, recommendationSchemas.limitQuery).limit ?? list.limit;
      return listOr(list.failure, () => productRecommendations(c.var.db, list.kind, productId, limit));
    },
  })
);

export const personalizedAction = defineAction({
  method: "get",
  path: "/recommendations/personalized",
  input: undefined,
  output: productList,
  auth: "customer",
  middleware: [limitQuery],
  summary: "Products picked for the signed-in customer from their views and orders",
  handler: (c) => {
    const limit = validQuery(c, recommendationSchemas.limitQuery).limit ?? DEFAULT_LIMITS.personalized;
    return listOr(
      "Failed to fetch personalized recommendations",
      () => personalizedProducts(c.var.db, currentUser(c).id, limit),
    );
  },
});

export const trendingAction = defineAction({
  method: "get",
  path: "/recommendations/trending",
  input: undefined,
  output: productList,
  auth: "public",
  middleware: [validate("query", recommendationSchemas.trendingQuery)],
  summary: "Products most viewed and bought lately, in the shop or one category",
  handler: async (c) => {
    const { limit, categoryId } = validQuery(c, recommendationSchemas.trendingQuery);
    if (categoryId !== undefined) await getCategory(c.var.db, { id: categoryId }); // 404 for an unknown one
    return listOr(
      "Failed to fetch trending products",
      () => trendingProducts(c.var.db, limit ?? DEFAULT_LIMITS.trending, categoryId),
    );
  },
});

export function recommendationApi() {
  return actionApi("/recommendations", [trackViewAction, ...productListActions, personalizedAction, trendingAction]);
}

/** POST /api/admin/recommendations/rebuild: recompute every list now (admin and super_admin). */
export function adminRecommendationApi() {
  return actionApi("/admin/recommendations", [rebuildAction], requireRole("admin"));
}
