/** An admin page's query string read through its schema; a 400 naming the first problem otherwise. */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../context.ts";
import { ValidationError } from "../../lib/errors.ts";

export function pageQuery<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  query: Record<string, string> = c.req.query(),
): z.output<S> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
  return parsed.data;
}
