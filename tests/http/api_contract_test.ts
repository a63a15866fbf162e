/**
 * The API's contract, generated from the app's own route table: /api/openapi.json lists every /api
 * operation, /api/docs renders it, and the authorisation matrix (every route x visitor, customer A,
 * customer B, admin, super_admin) answers as each route's auth rule says. A new route without a
 * guard (or an entry in PUBLIC below) fails here.
 */
import assert from "node:assert/strict";
import { apiOperations, type Operation } from "../../routes/api/openapi.tsx";
import type { Auth } from "../../routes/route_meta.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { customerWithOrder } from "../helpers/orders.ts";
import { signedInAs } from "../helpers/staff.ts";

const { test, closeDatabase } = useTestDatabase();

interface OpenApiOperation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * State-changing operations not declared as actions (routes/action.ts), so without a response schema.
 * Each is here for a reason jsonRoute cannot serve without changing what the route does:
 */
const UNDECLARED_OUTPUT = new Set([
  // Multipart uploads (photos, images): jsonRoute validates a JSON body only.
  "POST /api/products/{id}/reviews",
  "POST /api/products/{id}/images",
  "POST /api/categories/{id}/image",
  // The providers' notifications: the signature is checked on the raw body, and the answer is the provider's format.
  "POST /api/webhooks/payfast",
  "POST /api/webhooks/stripe",
]);

/** GET reads still answering without a declared output schema (declare them with `defineAction`). */
const READS_TO_DECLARE = new Set<string>([
  // The description itself: an HTML page and the OpenAPI document.
  "GET /api/docs",
  "GET /api/openapi.json",
  // A file: the products as CSV (docs/product-csv.md describes its columns).
  "GET /api/admin/products/export.csv",
  // A file: the customer's own data as a JSON download (POPIA access request).
  "GET /api/account/export",
]);

test(
  "[openapi] every /api route in the app's table is described, with auth, and actions with schemas",
  async (_db, database) => {
    const app = testApp(database);
    const res = await app.request("/api/openapi.json");
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.equal(doc.openapi, "3.1.0");
    assert.ok(doc.components.securitySchemes.sessionCookie);
    assert.ok(doc.components.securitySchemes.csrfOrigin);
    const routes = app.routes.filter((r) => r.method !== "ALL" && (r.path === "/api" || r.path.startsWith("/api/")));
    assert.ok(routes.length > 100, `only ${routes.length} /api routes found`);
    for (const r of routes) {
      const path = r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      assert.ok(op, `${r.method} ${r.path} is missing from /api/openapi.json`);
      assert.ok(["public", "customer", "admin", "super_admin"].includes(op["x-auth"]), `${r.method} ${r.path}: auth`);
    }
    // The declared actions carry their request and response schemas.
    const add = doc.paths["/api/cart"].post;
    assert.equal(add["x-auth"], "public");
    assert.ok(add.requestBody.content["application/json"].schema.properties.productId);
    assert.ok(add.responses["201"].content["application/json"].schema.properties.cart);
    const place = doc.paths["/api/orders"].post;
    assert.equal(place["x-auth"], "customer");
    assert.deepEqual(place.security, [{ sessionCookie: [] }]);
    assert.ok(place.responses["201"].content["application/json"].schema.properties.orderNumber);
    // Refusals a client tells apart are listed by their stable code.
    assert.deepEqual(place["x-error-codes"], ["payment_not_configured"]);
    assert.deepEqual(doc.paths["/api/products"].post["x-error-codes"], ["duplicate_sku", "duplicate_slug"]);
    assert.ok(place.responses["400"].content["application/json"].schema.properties.code.enum.includes("duplicate_sku"));
    // Every state-changing operation says what it answers: a JSON schema, or 204 with no body.
    const undeclared: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!["post", "put", "patch", "delete"].includes(method)) continue;
        const declared = Object.entries(op.responses).some(([status, r]) =>
          status === "204" || (status.startsWith("2") && r.content?.["application/json"]?.schema !== undefined)
        );
        if (!declared && !UNDECLARED_OUTPUT.has(`${method.toUpperCase()} ${path}`)) {
          undeclared.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    assert.deepEqual(undeclared, [], "state-changing operations without a response schema (declare them as actions)");
    // Reads too: every GET says what it answers, but for the reads listed in READS_TO_DECLARE (a list
    // that only shrinks: a read declared since must leave it, a new read must declare its output).
    const reads = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, OpenApiOperation>>)) {
      const op = methods.get;
      if (!op) continue;
      const declared = Object.entries(op.responses).some(([status, r]) =>
        status.startsWith("2") && Object.values(r.content ?? {}).some((c) => c.schema !== undefined)
      );
      if (!declared) reads.add(`GET ${path}`);
    }
    assert.deepEqual([...reads].filter((r) => !READS_TO_DECLARE.has(r)), [], "new reads without a response schema");
    assert.deepEqual([...READS_TO_DECLARE].filter((r) => !reads.has(r)), [], "declared now: take them off the list");
    // A read route gets its validator's query schema.
    assert.ok(doc.paths["/api/search"].get.parameters.some((p: { name: string }) => p.name === "q"));
    assert.equal(doc.paths["/api/admin/users/{id}"].patch["x-auth"], "admin");
  },
);

test(
  "[openapi] /api/docs is a server-rendered page of every operation, under the strict CSP",
  async (_db, database) => {
    const res = await testApp(database).request("/api/docs");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
    assert.doesNotMatch(res.headers.get("content-security-policy") ?? "", /unsafe-inline'[^;]*script|cdn/i);
    const html = await res.text();
    assert.match(html, /API reference/);
    assert.match(html, /post<\/span>(?: |<!-- -->)*\/api\/cart\/apply-coupon/);
    assert.match(html, /\/api\/admin\/orders\/\{id\}\/refund/);
  },
);

/**
 * /api routes anyone may call (no guard in their chain). A new unguarded route must be added here
 * on purpose, or get a guard: otherwise the matrix fails.
 */
const PUBLIC = new Set([
  "POST /api/auth/forgot-password",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "GET /api/auth/me",
  "POST /api/auth/register",
  "POST /api/auth/reset-password",
  "GET /api/auth/reset-password/verify",
  "DELETE /api/cart",
  "GET /api/cart",
  "POST /api/cart",
  "POST /api/cart/bundle",
  "DELETE /api/cart/:id",
  "PATCH /api/cart/:id",
  "PUT /api/cart/:id",
  "POST /api/cart/apply-coupon",
  "POST /api/cart/remove-coupon",
  "GET /api/categories",
  "GET /api/categories/:id",
  // Species profiles and setup checklists (docs/animals.md): the essentials go into the visitor's own cart.
  "GET /api/animals",
  "GET /api/animals/:slug",
  "GET /api/animals/:slug/setup",
  "POST /api/animals/:slug/essentials",
  "POST /api/animals/:slug/choose",
  "POST /api/coupons/apply",
  "POST /api/coupons/remove",
  "POST /api/coupons/validate",
  "GET /api/docs",
  "GET /api/openapi.json",
  "GET /api/meta-commerce/products",
  "POST /api/newsletter",
  // The e-mailed links' tokens are the credential (a newsletter reader need not have an account).
  "POST /api/newsletter/confirm",
  "POST /api/newsletter/unsubscribe",
  "POST /api/reminders/unsubscribe",
  "GET /api/payments/config",
  // The rewards catalogue: what points can buy, shown to visitors too.
  "GET /api/loyalty/rewards",
  // The offline test provider's steps: they check the order's owner themselves, after validation.
  "POST /api/payments/test-confirm",
  "POST /api/payments/test-intent",
  "GET /api/products",
  "GET /api/products/:id",
  "GET /api/products/:id/reviews",
  "GET /api/products/:id/with-variants",
  "GET /api/products/category/:id",
  "GET /api/products/featured",
  "GET /api/products/new",
  "GET /api/products/slug/:slug",
  "GET /api/recommendations/cross-sell/:productId",
  "GET /api/recommendations/frequently-bought/:productId",
  "GET /api/recommendations/similar/:productId",
  "POST /api/recommendations/track-view",
  "GET /api/recommendations/up-sell/:productId",
  "GET /api/recommendations/trending",
  "GET /api/search",
  "GET /api/search/suggest",
  // A pay link's payment (WhatsApp and staff orders): the signed link in the body is the permission.
  "POST /api/pay/intent",
  "POST /api/pay/payfast",
  // Meta's webhook handshake and notifications: trusted by the verify token and the signature.
  "GET /api/watrade/orders",
  "POST /api/watrade/orders",
  // The providers' server-to-server notifications: trusted by signature and provider checks, not a session.
  "POST /api/webhooks/payfast",
  "POST /api/webhooks/stitch",
  "POST /api/webhooks/stripe",
]);

/** Unguarded in the table, but the handler checks sign-in itself: a visitor gets 401. */
const SIGNED_IN_INLINE: Record<string, Auth> = {
  "POST /api/products/:id/reviews": "customer",
};

/** Public routes whose answer to a visitor is 401 by design (it says "not signed in"). */
const VISITOR_401 = new Set(["GET /api/auth/me"]);

/** Valid bodies where validation comes before the ownership check (so B reaches the 404). */
const VALID_BODIES: Record<string, unknown> = {
  "POST /api/addresses/:id/default": { addressType: "shipping" },
  "PATCH /api/orders/:id/payment": { paymentId: "pi_fuzz" },
};

/** Routes that end the persona's session: called last. */
const ENDS_SESSION = new Set(["POST /api/auth/logout"]);

type Persona = "visitor" | "customerA" | "customerB" | "admin" | "super_admin";

function ruleOf(op: Operation): Auth | null {
  const key = `${op.method} ${op.path}`;
  if (SIGNED_IN_INLINE[key]) return SIGNED_IN_INLINE[key];
  if (op.auth !== "public") return op.auth;
  return PUBLIC.has(key) ? "public" : null;
}

/** What `persona` must get from a route of `rule`: a refusal status, or "allowed" (any status below 500 but 401/403). */
function expected(rule: Auth, persona: Persona): 401 | 403 | "allowed" {
  if (rule === "public") return "allowed";
  if (persona === "visitor") return 401;
  if (rule === "customer") return "allowed";
  if (rule === "admin") return persona === "admin" || persona === "super_admin" ? "allowed" : 403;
  return persona === "super_admin" ? "allowed" : 403;
}

test(
  "[auth matrix] every /api route x visitor, customer A, customer B, admin, super_admin answers as its rule says",
  async (db, database) => {
    const app = testApp(database);
    const visitor = testClient(app);
    const customerA = testClient(app);
    const { me: a, order } = await customerWithOrder(db, customerA, "customera");
    const addressA = (await (await customerA.get("/api/addresses")).json())[0];
    assert.ok(addressA?.id, "customer A has an address");
    const customerB = testClient(app);
    await customerWithOrder(db, customerB, "customerb");
    // B before A: A's own calls may delete A's address (as they may).
    const clients = {
      visitor,
      customerB,
      admin: await signedInAs(db, database, "admin", app),
      super_admin: await signedInAs(db, database, "super_admin", app),
      customerA,
    };
    const operations = apiOperations(app.routes);
    const unruled = operations.filter((op) => ruleOf(op) === null).map((op) => `${op.method} ${op.path}`);
    assert.deepEqual(unruled, [], "routes with no guard and no entry in PUBLIC (add a guard or list them)");

    // A's records: B must get 404 (never 403: another customer's record does not exist for B).
    const ownedByA: Record<string, string> = {
      "GET /api/orders/:id": `/api/orders/${order.id}`,
      "PATCH /api/orders/:id/payment": `/api/orders/${order.id}/payment`,
      "PUT /api/addresses/:id": `/api/addresses/${addressA.id}`,
      "DELETE /api/addresses/:id": `/api/addresses/${addressA.id}`,
      "POST /api/addresses/:id/default": `/api/addresses/${addressA.id}/default`,
    };
    const pathFor = (op: Operation) =>
      ownedByA[`${op.method} ${op.path}`] ??
        op.path.replace(/:entityType/, "product").replace(/:index/, "0").replace(/:slug/, "no-such-product")
          .replace(/:[A-Za-z]+/g, "999999");

    const failures: string[] = [];
    const ordered = [
      ...operations.filter((op) => !ENDS_SESSION.has(`${op.method} ${op.path}`)),
      ...operations.filter((op) => ENDS_SESSION.has(`${op.method} ${op.path}`)),
    ];
    for (const [persona, client] of Object.entries(clients) as [Persona, typeof visitor][]) {
      for (const op of ordered) {
        const key = `${op.method} ${op.path}`;
        const rule = ruleOf(op)!;
        const url = pathFor(op);
        const res = op.method === "GET"
          ? await client.get(url)
          : await client.postJson(url, VALID_BODIES[key] ?? {}, op.method);
        await res.body?.cancel();
        const want = expected(rule, persona);
        const got = res.status;
        if (got >= 500) failures.push(`${persona} ${key} -> ${got} (a 5xx)`);
        else if (want !== "allowed" && got !== want) failures.push(`${persona} ${key} -> ${got}, expected ${want}`);
        else if (
          want === "allowed" && (got === 401 || got === 403) && !(persona === "visitor" && VISITOR_401.has(key))
        ) {
          failures.push(`${persona} ${key} -> ${got}, expected to be let through (${rule})`);
        } else if (persona === "customerB" && ownedByA[key] && got !== 404) {
          failures.push(`customer B on customer A's record: ${key} -> ${got}, expected 404`);
        }
      }
    }
    assert.deepEqual(failures, []);
    // The logout ran last: A is signed out now.
    assert.equal((await customerA.get(`/api/orders/${order.id}`)).status, 401, "A signed out last");
    assert.ok(a.id);
  },
);

closeDatabase();
