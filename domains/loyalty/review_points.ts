/**
 * Points for reviews (spec 001): 10 when a review is approved (once per review, however often it is
 * approved), 5 to the author each time a customer marks the review helpful (once per voter, taken
 * back when that vote is withdrawn or turned to not helpful).
 */
import { and, eq, like, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loyaltyLedger, users } from "../../db/schema/mod.ts";
import { pointsBalance } from "./ledger.ts";

export const REVIEW_POINTS = 10;
export const HELPFUL_VOTE_POINTS = 5;

/** Credits the author's points for an approved review once; returns the points credited now. */
export async function awardReviewPoints(
  db: Db,
  review: { userId: number; reviewId: number; productName: string },
): Promise<number> {
  const rows = await db.insert(loyaltyLedger).values({
    userId: review.userId,
    points: REVIEW_POINTS,
    reason: `Review approved: ${review.productName}`.slice(0, 200),
    referenceType: "review",
    referenceId: String(review.reviewId),
  }).onConflictDoNothing().returning({ id: loyaltyLedger.id });
  return rows.length ? REVIEW_POINTS : 0;
}

/**
 * Brings the author's points for one voter's vote on one review to what the vote is now: 5 while
 * it is helpful, 0 otherwise. Each change is a ledger row ("{reviewId}:{voterId}:{n}"), so a vote
 * changed back and forth never counts twice. Call inside the vote's transaction, with the review
 * row locked (votes on one review are serialised). A take-back never makes the balance negative.
 * Returns the points moved (+5, -5, or 0).
 */
export async function settleHelpfulVotePoints(
  tx: Db,
  vote: { authorId: number; voterId: number; reviewId: number; helpful: boolean; reviewTitle: string },
): Promise<number> {
  const prefix = `${vote.reviewId}:${vote.voterId}:`;
  const [held] = await tx.select({
    points: sql<number>`coalesce(sum(${loyaltyLedger.points}), 0)::int`,
    n: sql<number>`count(*)::int`,
  }).from(loyaltyLedger).where(and(
    eq(loyaltyLedger.userId, vote.authorId),
    eq(loyaltyLedger.referenceType, "review_vote"),
    like(loyaltyLedger.referenceId, `${prefix}%`),
  ));
  const current = Number(held?.points ?? 0);
  let change = (vote.helpful ? HELPFUL_VOTE_POINTS : 0) - current;
  if (change < 0) {
    await tx.execute(sql`select id from ${users} where ${users.id} = ${vote.authorId} for update`);
    change = -Math.min(-change, Math.max(0, await pointsBalance(tx, vote.authorId)));
  }
  if (change === 0) return 0;
  const title = vote.reviewTitle.slice(0, 120);
  await tx.insert(loyaltyLedger).values({
    userId: vote.authorId,
    points: change,
    reason: change > 0
      ? `Your review "${title}" was marked helpful`
      : `Helpful vote withdrawn on your review "${title}"`,
    referenceType: "review_vote",
    referenceId: `${prefix}${Number(held?.n ?? 0)}`,
  });
  return change;
}
