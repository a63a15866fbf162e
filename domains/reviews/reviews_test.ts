/** The reviews domain: verification, one review per customer, moderation points, votes and their points. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { emailOutbox, loyaltyLedger, reviews, reviewVotes } from "../../db/schema/mod.ts";
import { orderOf, ownReviewsSummary } from "../../tests/helpers/reviews.ts";
import { pointsBalance } from "../loyalty/mod.ts";
import { listAuditFor } from "../admin_audit/mod.ts";
import { moderateReview } from "../../flows/moderate_review.ts";
import { voteOnReview, withdrawVote } from "../../flows/review_votes.ts";
import { ALREADY_REVIEWED, createReview, initialsOf, listProductReviews, OWN_REVIEW_VOTE } from "./mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const text = { title: "Great heat mat", content: "Keeps the vivarium warm all night." };
const site = { siteUrl: "http://localhost:8000", shopName: "Reptile Basics" };

test("[reviews] verified purchase only with a paid order; one review per customer and product (409)", async (db) => {
  const p = await createProduct(db);
  const buyer = await createUser(db);
  const browser = await createUser(db);
  const unpaid = await createUser(db);
  await orderOf(db, buyer.id, p.id);
  await orderOf(db, unpaid.id, p.id, false);
  const a = await createReview(db, { ...text, rating: 5, productId: p.id, userId: buyer.id });
  assert.equal(a.status, "pending");
  assert.equal(a.verificationStatus, "verified_purchase");
  assert.equal(
    (await createReview(db, { ...text, rating: 3, productId: p.id, userId: browser.id })).verificationStatus,
    "unverified",
  );
  assert.equal(
    (await createReview(db, { ...text, rating: 3, productId: p.id, userId: unpaid.id })).verificationStatus,
    "unverified",
  );
  await assert.rejects(
    createReview(db, { ...text, rating: 1, productId: p.id, userId: buyer.id }),
    (e: Error & { status?: number }) => e.status === 409 && e.message === ALREADY_REVIEWED,
  );
  // Pending reviews are not public.
  assert.equal((await listProductReviews(db, p.id)).total, 0);
});

test("[reviews] approval is public and pays 10 points once; rejection e-mails the reason; both audited", async (db) => {
  const p = await createProduct(db, { name: "Heat Mat" });
  const staff = await createUser(db, { role: "admin" });
  const author = await createUser(db, { email: "author@example.co.za" });
  const r = await createReview(db, { ...text, rating: 4, productId: p.id, userId: author.id });
  await moderateReview(db, { reviewId: r.id, staffId: staff.id, status: "approved", ...site });
  assert.equal(await pointsBalance(db, author.id), 10);
  await moderateReview(db, {
    reviewId: r.id,
    staffId: staff.id,
    status: "rejected",
    reason: "Mentions a competitor",
    ...site,
  });
  assert.equal((await listProductReviews(db, p.id)).total, 0);
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "author@example.co.za"));
  assert.match(mail.textBody, /Mentions a competitor/);
  assert.match(mail.textBody, new RegExp(`/product/${p.slug}#reviews`));
  await moderateReview(db, { reviewId: r.id, staffId: staff.id, status: "approved", ...site });
  assert.equal(await pointsBalance(db, author.id), 10, "approved again: no second award");
  const page = await listProductReviews(db, p.id);
  assert.equal(page.total, 1);
  assert.deepEqual(page.summary, ownReviewsSummary([4]));
  const audit = await listAuditFor(db, "review", r.id);
  assert.deepEqual(audit.map((a) => a.action).sort(), ["approve", "approve", "reject"]);
});

async function approvedReview(db: Db, productId?: number) {
  const p = productId ?? (await createProduct(db)).id;
  const staff = await createUser(db, { role: "admin" });
  const author = await createUser(db);
  const r = await createReview(db, { ...text, rating: 5, productId: p, userId: author.id });
  await moderateReview(db, { reviewId: r.id, staffId: staff.id, status: "approved", ...site });
  return { review: r, author, productId: p };
}

test("[reviews] votes: changing a vote never counts twice; helpful pays the author 5 once per voter, withdrawn takes it back", async (db) => {
  const { review, author } = await approvedReview(db);
  const voter = await createUser(db);
  const other = await createUser(db);
  let v = await voteOnReview(db, { reviewId: review.id, voterId: voter.id, helpful: true });
  assert.deepEqual([v.helpfulCount, v.notHelpfulCount], [1, 0]);
  v = await voteOnReview(db, { reviewId: review.id, voterId: voter.id, helpful: true });
  assert.deepEqual([v.helpfulCount, v.notHelpfulCount], [1, 0]);
  assert.equal(await pointsBalance(db, author.id), 15);
  v = await voteOnReview(db, { reviewId: review.id, voterId: voter.id, helpful: false });
  assert.deepEqual([v.helpfulCount, v.notHelpfulCount], [0, 1]);
  assert.equal(await pointsBalance(db, author.id), 10, "changed to not helpful: taken back");
  await voteOnReview(db, { reviewId: review.id, voterId: voter.id, helpful: true });
  await voteOnReview(db, { reviewId: review.id, voterId: other.id, helpful: true });
  assert.equal(await pointsBalance(db, author.id), 20);
  v = await withdrawVote(db, { reviewId: review.id, voterId: other.id });
  assert.deepEqual([v.helpfulCount, v.notHelpfulCount], [1, 0]);
  assert.equal(await pointsBalance(db, author.id), 15);
  const history = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.userId, author.id));
  assert.ok(history.some((h) => /was marked helpful/.test(h.reason)));
  assert.ok(history.some((h) => /withdrawn/.test(h.reason)));
  await assert.rejects(
    voteOnReview(db, { reviewId: review.id, voterId: author.id, helpful: true }),
    (e: Error & { status?: number }) => e.status === 403 && e.message === OWN_REVIEW_VOTE,
  );
});

test("[reviews] filters by star and source, sorts by helpful / highest / lowest, pages by 5", async (db) => {
  const p = await createProduct(db);
  const staff = await createUser(db, { role: "admin" });
  for (let i = 1; i <= 7; i++) {
    const u = await createUser(db);
    const r = await createReview(db, { ...text, rating: (i % 5) + 1, productId: p.id, userId: u.id });
    await moderateReview(db, { reviewId: r.id, staffId: staff.id, status: "approved", ...site });
    await db.update(reviews).set({ helpfulCount: i * 2 }).where(eq(reviews.id, r.id));
  }
  await db.insert(reviews).values({
    productId: p.id,
    title: "From Google",
    content: "Imported review text",
    rating: 2,
    source: "google",
    status: "approved",
  });
  const all = await listProductReviews(db, p.id);
  assert.equal(all.total, 8);
  assert.equal(all.items.length, 5);
  assert.equal(all.pageCount, 2);
  assert.equal((await listProductReviews(db, p.id, { page: 2 })).items.length, 3);
  assert.deepEqual((await listProductReviews(db, p.id, { source: "google" })).items.map((r) => r.title), [
    "From Google",
  ]);
  assert.equal((await listProductReviews(db, p.id, { source: "amazon" })).total, 0);
  assert.ok((await listProductReviews(db, p.id, { rating: 2 })).items.every((r) => r.rating === 2));
  // The counts by star and by source (the first comes from the summary, the second is counted).
  assert.equal((await listProductReviews(db, p.id, { rating: 2 })).total, 3);
  assert.equal((await listProductReviews(db, p.id, { rating: 2, source: "google" })).total, 1);
  assert.equal((await listProductReviews(db, p.id, { rating: 3, source: "google" })).total, 0);
  assert.deepEqual(
    (await listProductReviews(db, p.id, { sort: "helpful" })).items.map((r) => r.helpfulCount).slice(0, 2),
    [14, 12],
  );
  assert.equal((await listProductReviews(db, p.id, { sort: "highest" })).items[0].rating, 5);
  assert.equal((await listProductReviews(db, p.id, { sort: "lowest" })).items[0].rating, 1);
  assert.equal(all.summary.count, 8);
  assert.deepEqual(all.summary.sources, { internal: 7, google: 1, amazon: 0, facebook: 0, external: 0 });
  assert.equal(all.summary.distribution["2"], 3, "a star's count adds up over sources");
  assert.equal(initialsOf("gecko_keeper"), "GK");
  assert.equal(initialsOf("thandi"), "TH");
});

raceTest("[reviews] concurrent helpful votes by one customer count once", async (db) => {
  const { review, author } = await approvedReview(db);
  const voter = await createUser(db);
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, () => voteOnReview(db, { reviewId: review.id, voterId: voter.id, helpful: true })),
  );
  const failed = results.filter((r) => r.status === "rejected");
  assert.equal(failed.length, 0, JSON.stringify(failed));
  const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
  assert.equal(row.helpfulCount, 1);
  assert.equal((await db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, review.id))).length, 1);
  assert.equal(await pointsBalance(db, author.id), 15);
});
raceTest("[reviews] concurrent helpful votes by many customers each count", async (db) => {
  const { review, author } = await approvedReview(db);
  const voters = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
  await Promise.all(voters.map((v) => voteOnReview(db, { reviewId: review.id, voterId: v.id, helpful: true })));
  const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
  assert.equal(row.helpfulCount, 6);
  assert.equal(await pointsBalance(db, author.id), 10 + 6 * 5);
});

closeDatabase();
