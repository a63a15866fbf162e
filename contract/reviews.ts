/**
 * What the review actions the islands call answer (vote, reply).
 */
import { z } from "zod";

export const authorSchema = z.object({ id: z.number().int(), username: z.string(), initials: z.string() }).nullable();

/** The vote's outcome: the voter's vote now (true helpful, false not, null none) and the counts. */
export const voteResultSchema = z.object({
  reviewId: z.number().int(),
  vote: z.boolean().nullable(),
  helpfulCount: z.number().int(),
  notHelpfulCount: z.number().int(),
});

export const voteOutput = voteResultSchema;

export const replyOutput = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  userId: z.number().int().nullable(),
  user: authorSchema,
  content: z.string(),
  isOfficial: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
