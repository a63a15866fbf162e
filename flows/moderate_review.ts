/**
 * Staff approve or reject a review (spec: moderation). Approval makes it public and credits the
 * author's review points once (loyalty); rejection e-mails the author the reason through the outbox
 * (mail). Every decision is audited (admin_audit) in the same transaction.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products, reviews, users } from "../db/schema/mod.ts";
import { NotFoundError } from "../lib/errors.ts";
import { recordAudit } from "../domains/admin_audit/mod.ts";
import { awardReviewPoints } from "../domains/loyalty/mod.ts";
import { enqueueEmail, type OutgoingEmail } from "../domains/mail/mod.ts";
import { escapeHtml } from "../domains/mail/templates.ts";
import { REVIEW_NOT_FOUND, type ReviewStatus } from "../domains/reviews/mod.ts";

/**
 * Approves or rejects a review. Approval makes it public and credits the author's 10 points (once
 * per review, even when approved again after a rejection); rejection keeps it hidden and e-mails the
 * author the reason. Returns the review's status before and after.
 */
export async function moderateReview(
  db: Db,
  input: {
    reviewId: number;
    staffId: number;
    status: "approved" | "rejected";
    reason?: string | null;
    siteUrl: string;
    shopName: string;
  },
): Promise<{ before: ReviewStatus; after: ReviewStatus; pointsAwarded: number }> {
  return await db.transaction(async (tx) => {
    const [row] = await tx.select({
      id: reviews.id,
      status: reviews.status,
      userId: reviews.userId,
      title: reviews.title,
      moderationNote: reviews.moderationNote,
      productName: products.name,
      productSlug: products.slug,
    }).from(reviews).innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.id, input.reviewId)).for("update", { of: reviews });
    if (!row) throw new NotFoundError(REVIEW_NOT_FOUND);
    const note = input.status === "rejected" ? (input.reason ?? "").trim() : null;
    await tx.update(reviews).set({
      status: input.status,
      moderationNote: note,
      moderatedBy: input.staffId,
      moderatedAt: new Date(),
      updatedAt: new Date(),
    }).where(eq(reviews.id, row.id));
    let pointsAwarded = 0;
    if (input.status === "approved" && row.userId) {
      pointsAwarded = await awardReviewPoints(tx, {
        userId: row.userId,
        reviewId: row.id,
        productName: row.productName,
      });
    }
    if (input.status === "rejected" && row.userId && row.status !== "rejected") {
      const [author] = await tx.select({ email: users.email, username: users.username, firstName: users.firstName })
        .from(users).where(eq(users.id, row.userId));
      if (author) {
        await enqueueEmail(
          tx,
          reviewRejectedEmail({
            to: author.email,
            name: author.firstName || author.username,
            reviewTitle: row.title,
            productName: row.productName,
            productUrl: `${input.siteUrl.replace(/\/+$/, "")}/product/${row.productSlug}#reviews`,
            reason: note ?? "",
            shopName: input.shopName,
          }),
        );
      }
    }
    await recordAudit(tx, {
      userId: input.staffId,
      entityType: "review",
      entityId: row.id,
      action: input.status === "approved" ? "approve" : "reject",
      details: {
        changes: {
          status: { before: row.status, after: input.status },
          ...(note !== row.moderationNote ? { moderationNote: { before: row.moderationNote, after: note } } : {}),
        },
        ...(pointsAwarded ? { pointsAwarded } : {}),
      },
    });
    return { before: row.status, after: input.status, pointsAwarded };
  });
}

/** The e-mail that tells a review's author why staff rejected it (plain text with an escaped HTML part). */
export function reviewRejectedEmail(facts: {
  to: string;
  name: string;
  reviewTitle: string;
  productName: string;
  productUrl: string;
  reason: string;
  shopName: string;
}): OutgoingEmail {
  const subject = `Your review of ${facts.productName} was not published`;
  const paragraphs = [
    `Thank you for reviewing ${facts.productName}. We read every review before it is published, and we could not publish yours ("${facts.reviewTitle}").`,
    `Reason: ${facts.reason}`,
    `If you have any questions about this, simply reply to this e-mail.`,
  ];
  const text =
    [`Hello ${facts.name},`, ...paragraphs, `The product: ${facts.productUrl}`, facts.shopName].join("\n\n") +
    "\n";
  const html = [
    `<p>Hello ${escapeHtml(facts.name)},</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(facts.productUrl)}">${escapeHtml(facts.productName)}</a></p>`,
    `<p>${escapeHtml(facts.shopName)}</p>`,
  ].join("\n");
  return { to: facts.to, subject, text, html };
}
