/**
 * Open redirects: every place the shop sends a browser to a target it was given (sign-in and sign-up
 * with ?redirect= or ?returnPath=, the wishlist and stock-alert forms' returnPath, forms that go back
 * to their Referer) answers with a path on this site, whatever the target. Each hostile target below
 * was, or is one step from, a way to send a signed-in customer to another host.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer, registration } from "../helpers/accounts.ts";
import { createProduct } from "../helpers/factories.ts";
import { rateLimits } from "../../db/schema/mod.ts";
import { safeRedirect } from "../../routes/guards.ts";

const { test, closeDatabase } = useTestDatabase();

/** Targets that name, or collapse to, another host (or a script) as a browser reads a Location. */
const HOSTILE = [
  "//evil.example/",
  "///evil.example/",
  "////evil.example/",
  "/.//evil.example/",
  "/..//evil.example/",
  "/./..//evil.example/",
  "/a/../..//evil.example/",
  "/%2F/evil.example/",
  "/%2e//evil.example/",
  "/%2e%2e//evil.example/",
  "/\\evil.example/",
  "/\\\\evil.example/",
  "\\\\evil.example/",
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/\r\n//evil.example/",
  "https://evil.example/",
  "http:evil.example",
  "//evil.example@shop/",
  "javascript:alert(1)",
  "/javascript:alert(1)//",
  " //evil.example/",
  "evil.example",
];

/** True when a browser following this Location stays on the page's own host. */
function staysHome(location: string | null): boolean {
  if (location === null) return false;
  // A browser reads "\" as "/" and drops tabs and newlines: read it the same hostile way.
  const asBrowser = location.replace(/\\/g, "/").replace(/[\t\n\r]/g, "");
  if (!asBrowser.startsWith("/") || asBrowser.startsWith("//")) return false;
  return new URL(asBrowser, TEST_ORIGIN).origin === TEST_ORIGIN;
}

Deno.test("[redirects] safeRedirect: no hostile target leaves the site, before or after dot segments collapse", () => {
  for (const target of HOSTILE) {
    const out = safeRedirect(target);
    assert.ok(staysHome(out), `${JSON.stringify(target)} -> ${JSON.stringify(out)}`);
  }
  // Good targets keep their path, query and hash (encoded where needed).
  assert.equal(safeRedirect("/account?tab=orders"), "/account?tab=orders");
  assert.equal(safeRedirect("/product/gecko-hide#reviews"), "/product/gecko-hide#reviews");
  assert.equal(safeRedirect("/a/./b/../c"), "/a/c");
  assert.equal(safeRedirect("/search?q=exo terra"), "/search?q=exo%20terra");
});

Deno.test("[redirects] safeRedirect: any string gives a path of this site that is its own safe form", () => {
  // Strings made of the pieces that open redirects are built from, plus any string at all.
  const piece = fc.constantFrom(
    "/",
    "/",
    ".",
    "..",
    "\\",
    "%2F",
    "%2e",
    "%5C",
    "evil.example",
    "\t",
    "@",
    ":",
    "?",
    "#",
  );
  const slashy = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(""));
  fc.assert(
    fc.property(fc.oneof(fc.string(), slashy, slashy.map((s) => `/${s}`)), (target) => {
      const out = safeRedirect(target);
      assert.ok(staysHome(out), `${JSON.stringify(target)} -> ${JSON.stringify(out)}`);
      // Asked again, the answer stands: nothing is left to collapse into another host.
      assert.equal(safeRedirect(out), out);
    }),
    { numRuns: 3000 },
  );
});

test(
  "[redirects] sign-in (POST and GET when signed in) never sends the customer to another host",
  async (db, database) => {
    const client = testClient(testApp(database));
    const who = registration({ username: "lerato_m", email: "lerato@example.co.za" });
    await registerCustomer(client, who);
    await client.postJson("/api/auth/logout", {});
    for (const target of HOSTILE) {
      for (const param of ["redirect", "returnPath"]) {
        // Many sign-ins from one address in a minute: the sign-in limits are not what is tested here.
        await db.delete(rateLimits);
        const q = `?${param}=${encodeURIComponent(target)}`;
        const res = await client.postForm(`/login${q}`, { username: "lerato_m", password: who.password as string });
        assert.equal(res.status, 303, `${param}=${JSON.stringify(target)}`);
        const location = res.headers.get("location");
        assert.ok(staysHome(location), `POST /login ${param}=${JSON.stringify(target)} -> ${location}`);
        // Signed in now: GET /login and GET /register send the customer on at once.
        for (const page of ["/login", "/register"]) {
          const again = await client.get(`${page}${q}`);
          assert.equal(again.status, 303);
          assert.ok(staysHome(again.headers.get("location")), `GET ${page} ${param}=${JSON.stringify(target)}`);
        }
        const out = await client.postForm("/logout", {});
        assert.equal(out.headers.get("location"), "/");
      }
    }
    // A good target still works.
    const res = await client.postForm("/login?redirect=%2Faccount%3Ftab%3Dorders", {
      username: "lerato_m",
      password: who.password as string,
    });
    assert.equal(res.headers.get("location"), "/account?tab=orders");
  },
);

test("[redirects] sign-up never sends the new customer to another host", async (db, database) => {
  const app = testApp(database);
  let n = 0;
  for (const target of HOSTILE) {
    await db.delete(rateLimits);
    const client = testClient(app);
    const who = registration({ username: `keeper_${n}`, email: `keeper${n++}@example.co.za` });
    const res = await client.postForm(
      `/register?redirect=${encodeURIComponent(target)}`,
      Object.fromEntries(Object.entries(who).map(([k, v]) => [k, v === true ? "on" : String(v)])),
    );
    assert.equal(res.status, 303, JSON.stringify(target));
    assert.ok(staysHome(res.headers.get("location")), `${JSON.stringify(target)} -> ${res.headers.get("location")}`);
  }
});

test(
  "[redirects] returnPath of the wishlist and stock-alert forms, and a form's Referer, stay on the site",
  async (db, database) => {
    const app = testApp(database);
    const product = await createProduct(db, { stock: 0 });
    const visitor = testClient(app);
    const customer = testClient(app);
    await registerCustomer(customer, registration({ username: "sipho_k", email: "sipho@example.co.za" }));
    for (const target of HOSTILE) {
      for (const client of [visitor, customer]) {
        const wish = await client.postForm("/wishlist/toggle", { productId: String(product.id), returnPath: target });
        const wishTo = wish.headers.get("location") ?? "";
        assert.equal(wish.status, 303);
        assert.ok(staysHome(wishTo), `wishlist ${JSON.stringify(target)} -> ${wishTo}`);
        // The visitor is sent to sign in, carrying a returnPath that must be safe as well.
        const carried = new URL(wishTo, TEST_ORIGIN).searchParams.get("returnPath");
        if (carried !== null) assert.ok(staysHome(carried), `carried ${JSON.stringify(carried)}`);
        const notify = await client.postForm(`/products/${product.id}/notify`, { returnPath: target });
        assert.ok(staysHome(notify.headers.get("location")), `notify ${JSON.stringify(target)}`);
      }
      // A Referer on our own origin whose path collapses to another host.
      if (/^\/[^\t\n\r\\]*$/.test(target)) {
        const add = await visitor.request("/cart", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${TEST_ORIGIN}${target}` },
          body: new URLSearchParams({ productId: String(product.id), quantity: "1" }).toString(),
        });
        assert.ok(staysHome(add.headers.get("location")), `cart Referer ${JSON.stringify(target)}`);
      }
    }
  },
);

closeDatabase();
