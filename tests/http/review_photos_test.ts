/**
 * Review photos over HTTP (issue 27 item 6): a review may only name photos this shop stored for its
 * own author, and a stored row with a hostile URL is never rendered.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createProduct } from "../helpers/factories.ts";
import { staffAccount } from "../helpers/staff.ts";
import { testJpeg } from "../helpers/images.ts";
import { reviews } from "../../db/schema/mod.ts";
import { memoryStorage } from "../../lib/storage.ts";

const { test, closeDatabase } = useTestDatabase();

const good = { rating: 5, title: "Great heat mat", content: "Keeps the vivarium warm all night long." };

async function photoForm(seed: number) {
  const form = new FormData();
  for (const [k, v] of Object.entries(good)) form.set(k, String(v));
  const jpeg = await testJpeg(400, 300, seed);
  form.append("photos", new File([jpeg as Uint8Array<ArrayBuffer>], "mat.jpg", { type: "image/jpeg" }));
  return form;
}

test("[review photos http] a review names only photos this shop stored for its author", async (db, database) => {
  const storage = memoryStorage();
  const app = testApp(database, {}, storage);
  const first = await createProduct(db, { name: "Heat Mat 20W", slug: "heat-mat-20w" });
  const second = await createProduct(db, { name: "Heat Mat 30W", slug: "heat-mat-30w" });
  const third = await createProduct(db, { name: "Heat Mat 40W", slug: "heat-mat-40w" });
  const alice = await staffAccount(db, database, "customer", "alice", {}, app);
  const bob = await staffAccount(db, database, "customer", "bob", {}, app);

  // Alice uploads a photo with her first review: it is stored in her folder.
  const res = await alice.client.request(`/api/products/${first.id}/reviews`, {
    method: "POST",
    body: await photoForm(1),
  });
  assert.equal(res.status, 201);
  const [alicePhoto] = (await res.json()).photos as string[];

  const hostile = [
    "/media/reviews/../../logout",
    `/media/reviews/u${alice.user.id}/../../../logout`,
    "https://evil.example/x.png",
    `https://evil.example/reviews/u${bob.user.id}/${alicePhoto.split("/").pop()}`,
    alicePhoto, // Alice's photo, named by Bob
    `/media/reviews/u${bob.user.id}/0123456789abcdef0123456789abcdef-640.webp`, // his folder, never stored
    42,
  ];
  for (const photo of hostile) {
    const r = await bob.client.postJson(`/api/products/${second.id}/reviews`, { ...good, photos: [photo] });
    assert.equal(r.status, 400, String(photo));
    assert.equal((await r.json()).error, "Photos must be uploaded images", String(photo));
  }
  assert.match(alicePhoto, new RegExp(`^/media/reviews/u${alice.user.id}/[0-9a-f]{32}-400\\.webp$`));
  // The no-JavaScript form only takes files, so it cannot name a URL at all; its photos land in Bob's folder.
  const form = await photoForm(2);
  const page = await bob.client.request(`/product/${second.slug}/reviews`, { method: "POST", body: form });
  assert.equal(page.status, 303);
  const [bobRow] = await db.select({ photos: reviews.photos }).from(reviews).where(eq(reviews.userId, bob.user.id));
  assert.match(bobRow.photos[0], new RegExp(`^/media/reviews/u${bob.user.id}/`));

  // Alice may reuse her own stored photo on another review.
  const reuse = await alice.client.postJson(`/api/products/${second.id}/reviews`, { ...good, photos: [alicePhoto] });
  assert.equal(reuse.status, 201);
  assert.deepEqual((await reuse.json()).photos, [alicePhoto]);
  // Nothing hostile was written.
  const third_ = await alice.client.postJson(`/api/products/${third.id}/reviews`, {
    ...good,
    photos: [alicePhoto, "/media/reviews/../../logout"],
  });
  assert.equal(third_.status, 400);
  assert.equal((await db.select().from(reviews).where(eq(reviews.productId, third.id))).length, 0);
});

test("[review photos http] a stored row with hostile photo URLs shows none of them", async (db, database) => {
  const app = testApp(database);
  const product = await createProduct(db, { name: "Heat Mat 20W", slug: "heat-mat-20w" });
  const alice = await staffAccount(db, database, "customer", "alice", {}, app);
  const own = `/media/reviews/u${alice.user.id}/0123456789abcdef0123456789abcdef-640.webp`;
  // Written before the rule (or by hand): the old check let `..` through.
  await db.insert(reviews).values({
    productId: product.id,
    userId: alice.user.id,
    title: "Nice mat",
    content: "Warm and even, recommended.",
    rating: 4,
    source: "internal",
    status: "approved",
    verificationStatus: "unverified",
    photos: ["/media/reviews/../../logout", "https://evil.example/x.png", own],
  });
  const html = await (await testClient(app).get(`/product/${product.slug}`)).text();
  assert.match(html, /Nice mat/);
  assert.doesNotMatch(html, /logout"|evil\.example|\.\.\//);
  assert.ok(html.includes(`src="${own}"`), "the author's own photo still shows");
  const json = await (await testClient(app).get(`/api/products/${product.id}/reviews`)).json();
  assert.deepEqual(json.items[0].photos, [own]);
});

closeDatabase();
