/** Query shapes of the admin outbox. */
import { z } from "zod";

/** ?status=pending|sent|failed&page=N; anything else falls back to all messages, page 1. */
export const outboxQuery = z.object({
  status: z.enum(["pending", "sent", "failed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
