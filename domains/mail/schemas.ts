/** Query shapes of the admin outbox. */
import { z } from "zod";

/** ?status=pending|sent|failed&page=N; anything else falls back to all messages, page 1. */
export const outboxQuery = z.object({
  status: z.enum(["pending", "sent", "failed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/** GET /api/admin/outbox?to=: the messages to one address (or all), newest first. */
export const outboxJsonQuery = z.object({
  to: z.string().trim().max(254, "That e-mail address is too long.")
    // deno-lint-ignore no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "The address must not contain control characters.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
