/**
 * Helpful / not helpful votes: one per customer and review (voting again changes the vote), never on
 * one's own review. The review row is locked for the vote's transaction and its counts are recounted
 * from the votes table, so concurrent votes never count twice; the author's helpful points follow.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { reviews, reviewVotes } from "../db/schema/mod.ts";
import { ForbiddenError, NotFoundError } from "../lib/errors.ts";
import { settleHelpfulVotePoints } from "../domains/loyalty/mod.ts";
import { OWN_REVIEW_VOTE, REVIEW_NOT_FOUND } from "../domains/reviews/mod.ts";

export interface VoteResult {
  reviewId: number;
  /** The voter's vote now: true helpful, false not helpful, null none. */
  vote: boolean | null;
  helpfulCount: number;
  notHelpfulCount: number;
}

async function lockVotable(tx: Db, reviewId: number, voterId: number) {
  const [review] = await tx.select({ userId: reviews.userId, status: reviews.status, title: reviews.title })
    .from(reviews).where(eq(reviews.id, reviewId)).for("update");
  if (!review || review.status !== "approved") throw new NotFoundError(REVIEW_NOT_FOUND);
  if (review.userId === voterId) throw new ForbiddenError(OWN_REVIEW_VOTE);
  return { authorId: review.userId, title: review.title };
}

async function recount(tx: Db, reviewId: number) {
  const [counts] = await tx.select({
    helpful: sql<number>`count(*) filter (where ${reviewVotes.vote})::int`,
    notHelpful: sql<number>`count(*) filter (where not ${reviewVotes.vote})::int`,
  }).from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId));
  const helpfulCount = Number(counts.helpful);
  const notHelpfulCount = Number(counts.notHelpful);
  await tx.update(reviews).set({ helpfulCount, notHelpfulCount }).where(eq(reviews.id, reviewId));
  return { helpfulCount, notHelpfulCount };
}

/** After a vote changed: the review's counts from the votes table, and the author's helpful points. */
async function settle(
  tx: Db,
  input: { reviewId: number; voterId: number },
  authorId: number | null,
  reviewTitle: string,
  helpful: boolean,
) {
  const counts = await recount(tx, input.reviewId);
  if (authorId) {
    await settleHelpfulVotePoints(tx, {
      authorId,
      voterId: input.voterId,
      reviewId: input.reviewId,
      helpful,
      reviewTitle,
    });
  }
  return { reviewId: input.reviewId, ...counts };
}

/** Records (or changes) the customer's vote on an approved review that is not their own. */
export async function voteOnReview(
  db: Db,
  input: { reviewId: number; voterId: number; helpful: boolean },
): Promise<VoteResult> {
  return await db.transaction(async (tx) => {
    const { authorId, title } = await lockVotable(tx, input.reviewId, input.voterId);
    await tx.insert(reviewVotes).values({ reviewId: input.reviewId, userId: input.voterId, vote: input.helpful })
      .onConflictDoUpdate({
        target: [reviewVotes.reviewId, reviewVotes.userId],
        set: { vote: input.helpful, updatedAt: new Date() },
      });
    return { ...(await settle(tx, input, authorId, title, input.helpful)), vote: input.helpful };
  });
}

/** Withdraws the customer's vote (nothing to withdraw is fine); a helpful vote's points are taken back. */
export async function withdrawVote(db: Db, input: { reviewId: number; voterId: number }): Promise<VoteResult> {
  return await db.transaction(async (tx) => {
    const { authorId, title } = await lockVotable(tx, input.reviewId, input.voterId);
    await tx.delete(reviewVotes).where(
      and(eq(reviewVotes.reviewId, input.reviewId), eq(reviewVotes.userId, input.voterId)),
    );
    return { ...(await settle(tx, input, authorId, title, false)), vote: null };
  });
}
