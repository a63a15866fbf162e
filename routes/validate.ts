/**
 * zod validation at the edge: a failed parse becomes a ValidationError (400) carrying the first
 * message and every issue, which app.onError turns into `{ error, message, issues }` or an error page.
 * Before the schema runs, every string in the input is checked for control characters: PostgreSQL
 * refuses NUL in text (a 500 otherwise), and no field of the shop has a use for the others. Tab and
 * newline stay allowed (multi-line fields such as delivery instructions and notes).
 */
import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import { every } from "hono/combine";
import type { z } from "zod";
import { ValidationError } from "../lib/errors.ts";
import { describeValidator } from "./route_meta.ts";

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = "Text must not contain control characters";

/** The path of the first string (or key) in `value` holding a control character, or null. */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return CONTROL.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return [...path, key];
    const found = controlCharacterPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A JSON request with no body at all reads as `{}`, as one without the JSON content type already
 * does: a client that sends `Content-Type: application/json` on every call (a notify or a delete
 * with nothing to say) gets the schema's answer, not "Malformed JSON". An empty body read by Hono
 * would throw; a cached `{}` is what its validator then parses.
 */
const emptyJsonBodyIsEmptyObject: MiddlewareHandler = async (c, next) => {
  if (c.req.raw.body === null || c.req.header("content-length") === "0") c.req.bodyCache.json = Promise.resolve({});
  await next();
};

export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const validator = zValidator(target, schema, (result) => {
    const bad = controlCharacterPath(result.data);
    if (bad) {
      throw new ValidationError(CONTROL_CHARACTER_MESSAGE, [{
        path: bad.join("."),
        message: CONTROL_CHARACTER_MESSAGE,
      }]);
    }
    if (!result.success) throw validationError(result.error);
  });
  return describeValidator(
    // The same validator behind the empty-body step: its typed input is what the routes read.
    target === "json" ? every(emptyJsonBodyIsEmptyObject, validator) as typeof validator : validator,
    target,
    schema,
  );
}

/** A zod refusal as the 400 the API and the forms report: the first message, and every issue. */
export function validationError(error: { issues: readonly z.core.$ZodIssue[] }): ValidationError {
  const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  return new ValidationError(issues[0]?.message ?? "Invalid request", issues);
}
