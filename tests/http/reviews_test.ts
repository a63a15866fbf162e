/** Reviews over HTTP: the public list, writing (JSON and multipart with photos), votes, replies, moderation. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createProduct } from "../helpers/factories.ts";
import { staffAccount } from "../helpers/staff.ts";
import { orderOf, ownReviewsSummary } from "../helpers/reviews.ts";
import { PDF_BYTES, testJpeg } from "../helpers/images.ts";
import { emailOutbox, reviews } from "../../db/schema/mod.ts";
import { pointsBalance } from "../../domains/loyalty/mod.ts";
import { listAuditFor } from "../../domains/admin_audit/mod.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

const good = { rating: 5, title: "Great heat mat", content: "Keeps the vivarium warm all night long." };

async function shop(db: Db, database: Database) {
  const app = testApp(database);
  const product = await createProduct(db, { name: "Heat Mat 20W", slug: "heat-mat-20w" });
  const buyer = await staffAccount(db, database, "customer", "buyer", {}, app);
  const other = await staffAccount(db, database, "customer", "other", {}, app);
  const admin = await staffAccount(db, database, "admin", "admin", {}, app);
  await orderOf(db, buyer.user.id, product.id);
  return { app, product, buyer, other, admin, visitor: testClient(app) };
}

test(
  "[reviews http] visitors get 401 with the spec's text; the spec's 400 messages; hostile input is 4xx",
  async (db, database) => {
    const { product, buyer, visitor } = await shop(db, database);
    const url = `/api/products/${product.id}/reviews`;
    const v = await visitor.postJson(url, good);
    assert.equal(v.status, 401);
    assert.equal((await v.json()).error, "Please login to submit a review");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, rating: undefined }, "Please select a star rating for your review"],
      [{ ...good, rating: 6 }, "Please select a star rating for your review"],
      [{ ...good, title: "ab" }, "Title must be at least 3 characters"],
      [{ ...good, title: "x".repeat(101) }, "Title cannot exceed 100 characters"],
      [{ ...good, content: "too short" }, "Review must be at least 10 characters"],
      [{ ...good, content: "x".repeat(1001) }, "Review cannot exceed 1000 characters"],
      [{ ...good, photos: Array(6).fill("/media/reviews/a.webp") }, "You can upload a maximum of 5 images per review"],
      [{ ...good, photos: ["https://evil.example/x.png"] }, "Photos must be uploaded images"],
      [{ ...good, title: "Nul\u0000byte" }, "Text must not contain control characters"],
      [{ ...good, extra: 1 }, ""],
    ];
    for (const [body, message] of cases) {
      const res = await buyer.client.postJson(url, body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      if (message) assert.equal((await res.json()).error, message);
    }
    assert.equal((await buyer.client.postJson(`/api/products/2147483648/reviews`, good)).status, 400);
    assert.equal((await buyer.client.postJson(`/api/products/999999/reviews`, good)).status, 404);
    assert.equal((await visitor.get(`${url}?rating=9&sort=nonsense&page=-1`)).status, 200);
    assert.equal((await buyer.client.postJson(`/api/reviews/abc/vote`, { helpful: true })).status, 400);
    assert.equal((await buyer.client.postJson(`/api/reviews/1/vote`, { helpful: "yes" })).status, 400);
  },
);

test(
  "[reviews http] a buyer's review (with a photo) is pending and verified; one per product (409); PDFs refused",
  async (db, database) => {
    const { product, buyer, other } = await shop(db, database);
    const url = `/api/products/${product.id}/reviews`;
    const bad = new FormData();
    for (const [k, v] of Object.entries(good)) bad.set(k, String(v));
    bad.append("photos", new File([PDF_BYTES as Uint8Array<ArrayBuffer>], "x.pdf", { type: "image/jpeg" }));
    const refused = await other.client.request(url, { method: "POST", body: bad });
    assert.equal(refused.status, 400);
    assert.equal((await refused.json()).error, "Photos must be JPG or PNG images");

    const form = new FormData();
    for (const [k, v] of Object.entries(good)) form.set(k, String(v));
    form.append(
      "photos",
      new File([(await testJpeg(800, 600)) as Uint8Array<ArrayBuffer>], "mat.jpg", { type: "image/jpeg" }),
    );
    const res = await buyer.client.request(url, { method: "POST", body: form });
    assert.equal(res.status, 201);
    const created = await res.json();
    assert.equal(created.status, "pending");
    assert.equal(created.verificationStatus, "verified_purchase");
    assert.equal(created.photos.length, 1);
    assert.match(created.photos[0], /^\/media\/reviews\//);
    assert.equal(created.user.initials, "BU");

    const again = await buyer.client.postJson(url, good);
    assert.equal(again.status, 409);
    const unverified = await (await other.client.postJson(url, { ...good, rating: 2 })).json();
    assert.equal(unverified.verificationStatus, "unverified");

    // Pending: neither in the API nor on the page.
    const list = await (await testClient(testApp(database)).get(url)).json();
    assert.equal(list.total, 0);
    assert.deepEqual(list.summary, ownReviewsSummary([]));
  },
);

test(
  "[reviews http] staff moderate through the API: approve pays 10 points, reject needs a reason and e-mails it",
  async (db, database) => {
    const { product, buyer, other, admin, visitor } = await shop(db, database);
    const created = await (await buyer.client.postJson(`/api/products/${product.id}/reviews`, good)).json();
    assert.equal((await visitor.get("/api/admin/reviews")).status, 401);
    assert.equal((await other.client.get("/api/admin/reviews")).status, 403);
    assert.equal(
      (await other.client.postJson(`/api/admin/reviews/${created.id}/status`, { status: "approved" })).status,
      403,
    );
    const queue = await (await admin.client.get("/api/admin/reviews?status=pending")).json();
    assert.equal(queue.total, 1);
    assert.equal(queue.items[0].author.username, "buyer");
    assert.equal(queue.items[0].orders.length, 1);
    assert.equal(queue.items[0].orders[0].hasProduct, true);
    assert.equal((await admin.client.get("/api/admin/reviews?status=bogus")).status, 400);

    const noReason = await admin.client.postJson(`/api/admin/reviews/${created.id}/status`, { status: "rejected" });
    assert.equal(noReason.status, 400);
    const rejected = await admin.client.postJson(`/api/admin/reviews/${created.id}/status`, {
      status: "rejected",
      reason: "Please keep reviews about the product",
    });
    assert.equal(rejected.status, 200);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, buyer.user.email));
    assert.match(mail.textBody, /Please keep reviews about the product/);

    const ok = await admin.client.postJson(`/api/admin/reviews/${created.id}/status`, { status: "approved" });
    assert.equal(ok.status, 200);
    assert.equal(await pointsBalance(db, buyer.user.id), 10);
    assert.equal((await listAuditFor(db, "review", created.id)).length, 2);
    assert.equal((await admin.client.postJson(`/api/admin/reviews/999999/status`, { status: "approved" })).status, 404);

    const list = await (await visitor.get(`/api/products/${product.id}/reviews`)).json();
    assert.equal(list.total, 1);
    assert.equal(list.summary.average, 5);
  },
);

test(
  "[reviews http] votes once per customer (not on one's own), withdrawals; replies, the staff's is official",
  async (db, database) => {
    const { product, buyer, other, admin, visitor } = await shop(db, database);
    const created = await (await buyer.client.postJson(`/api/products/${product.id}/reviews`, good)).json();
    // Not public yet: no votes.
    assert.equal((await other.client.postJson(`/api/reviews/${created.id}/vote`, { helpful: true })).status, 404);
    await admin.client.postJson(`/api/admin/reviews/${created.id}/status`, { status: "approved" });

    assert.equal((await visitor.postJson(`/api/reviews/${created.id}/vote`, { helpful: true })).status, 401);
    const own = await buyer.client.postJson(`/api/reviews/${created.id}/vote`, { helpful: true });
    assert.equal(own.status, 403);
    assert.equal((await own.json()).error, "You cannot vote on your own review");
    for (let i = 0; i < 3; i++) {
      const v = await other.client.postJson(`/api/reviews/${created.id}/vote`, { helpful: true });
      assert.equal(v.status, 200);
    }
    const [row] = await db.select().from(reviews).where(eq(reviews.id, created.id));
    assert.equal(row.helpfulCount, 1);
    assert.equal(await pointsBalance(db, buyer.user.id), 15);
    const withdrawn = await (await other.client.request(`/api/reviews/${created.id}/vote`, { method: "DELETE" }))
      .json();
    assert.equal(withdrawn.helpfulCount, 0);
    assert.equal(await pointsBalance(db, buyer.user.id), 10);

    const blank = await other.client.postJson(`/api/reviews/${created.id}/replies`, { content: "   " });
    assert.equal(blank.status, 400);
    assert.equal((await blank.json()).error, "Reply cannot be empty");
    const customerReply = await other.client.postJson(`/api/reviews/${created.id}/replies`, { content: "Same here!" });
    assert.equal(customerReply.status, 201);
    assert.equal((await customerReply.json()).isOfficial, false);
    const staffReply = await (await admin.client.postJson(`/api/reviews/${created.id}/replies`, {
      content: "Thank you for your review!",
    })).json();
    assert.equal(staffReply.isOfficial, true);
    const page = await (await visitor.get(`/product/${product.slug}`)).text();
    assert.match(page, /Official Response/);
    assert.match(page, /Same here!/);
  },
);

test(
  "[reviews http] the product page: #reviews, the empty text, filters as links, JSON-LD rating, verified badge",
  async (db, database) => {
    const { product, buyer, other, admin, visitor } = await shop(db, database);
    let page = await (await visitor.get(`/product/${product.slug}`)).text();
    assert.match(page, /id="reviews"/);
    assert.match(page, /id="write-review"/);
    assert.doesNotMatch(page, /aggregateRating/);
    const form = await (await visitor.get(`/product/${product.slug}?write-review=1`)).text();
    assert.match(form, /Please login to submit a review/);
    assert.match(form, /Cancel Review/);

    // The no-JavaScript form post.
    const body = new FormData();
    for (const [k, v] of Object.entries(good)) body.set(k, String(v));
    const posted = await buyer.client.request(`/product/${product.slug}/reviews`, { method: "POST", body });
    assert.equal(posted.status, 303);
    const [row] = await db.select().from(reviews).where(eq(reviews.userId, buyer.user.id));
    assert.equal(row.status, "pending");
    const dup = await buyer.client.request(`/product/${product.slug}/reviews`, { method: "POST", body });
    assert.equal(dup.status, 303);
    assert.match(dup.headers.get("location")!, /write-review/);

    // Staff approve from the queue page.
    const queue = await (await admin.client.get("/admin/reviews")).text();
    assert.match(queue, /Great heat mat/);
    assert.match(queue, /Order history/);
    assert.equal((await other.client.get("/admin/reviews")).status, 303);
    const approve = await admin.client.postForm(`/admin/reviews/${row.id}/status`, { status: "approved" });
    assert.equal(approve.status, 303);
    const rejectNoReason = await admin.client.postForm(`/admin/reviews/${row.id}/status`, { status: "rejected" });
    assert.equal(rejectNoReason.status, 303);
    assert.equal((await db.select().from(reviews).where(eq(reviews.id, row.id)))[0].status, "approved");

    page = await (await visitor.get(`/product/${product.slug}`)).text();
    assert.match(page, /Verified Purchase/);
    assert.match(page, /"aggregateRating":\{"@type":"AggregateRating","ratingValue":"5.0","reviewCount":1/);
    assert.match(page, /"review":\[\{"@type":"Review","name":"Great heat mat"/);
    const filtered = await (await visitor.get(`/product/${product.slug}?rating=1`)).text();
    assert.match(filtered, /No reviews match the selected filters/);
    assert.match(filtered, /href="\/product\/heat-mat-20w#reviews"/, "the selected star links back to no filter");

    // The no-JavaScript vote.
    const vote = await other.client.postForm(`/product/${product.slug}/reviews/${row.id}/vote`, { helpful: "true" });
    assert.equal(vote.status, 303);
    assert.equal(await pointsBalance(db, buyer.user.id), 15);
  },
);

test(
  "[reviews] the product page: an invitation without reviews, and a source tab only for a source with reviews",
  async (db, database) => {
    const p = await createProduct(db, { slug: "uvb-tube-t5" });
    const client = testClient(testApp(database));
    const page = async () => (await (await client.get(`/product/${p.slug}`)).text()).replaceAll("<!-- -->", "");

    const empty = await page();
    assert.ok(empty.includes("Be the first to review this product"));
    assert.ok(!empty.includes('aria-label="Review source"'), "no source tabs that can never fill");
    assert.ok(!empty.includes("Based on 0 reviews"), "no 0.0 block");

    const review = (source: "internal" | "google", title: string) =>
      db.insert(reviews).values({
        productId: p.id,
        title,
        content: "Kept my beardie warm",
        rating: 5,
        source,
        status: "approved",
      });
    await review("internal", "Works well");
    const one = await page();
    assert.ok(!one.includes("Be the first to review this product"));
    assert.ok(one.includes("Based on 1 review"));
    assert.ok(!one.includes('aria-label="Review source"'), "one source: nothing to choose");

    await review("google", "From Google");
    const two = await page();
    const tabs = two.slice(two.indexOf('aria-label="Review source"'), two.indexOf('aria-label="Sort reviews"'));
    assert.ok(tabs.includes("Our Customers") && tabs.includes("Google"));
    assert.ok(!tabs.includes("Amazon"), "no tab for a source without reviews");
  },
);

closeDatabase();
