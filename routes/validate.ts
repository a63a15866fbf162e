/**
 * zod validation at the edge: a failed parse becomes a ValidationError (400) carrying the first
 * message and every issue, which app.onError turns into `{ error, issues }` or an error page.
 */
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { ValidationError } from "../lib/errors.ts";

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      throw new ValidationError(issues[0]?.message ?? "Invalid request", issues);
    }
  });
}
