/**
 * What the catalogue's admin forms share: a refused write turned into the form state the page shows
 * again (each field's message, the form's message, the status: 400 or 409), and a page response with
 * that status.
 */
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import type { z } from "zod";
import { validationError } from "../validate.ts";
import type { FormState } from "../../components/ui/Field.tsx";

/** The form again after a refused write; other errors go on to app.onError. */
export function refusedForm(
  err: unknown,
  values: Record<string, string | undefined>,
): FormState & { status: 400 | 409 } {
  if (err instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const issue of err.issues) {
      const field = issue.path.split(".")[0];
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { values, errors, message: err.message, status: 400 };
  }
  if (err instanceof ConflictError) {
    const field = err.field;
    return { values, errors: field ? { [field]: err.message } : {}, message: err.message, status: 409 };
  }
  throw err;
}

/** The same page with another status (a form shown again after a refused write). */
export function withStatus(res: Response, status: number): Response {
  return new Response(res.body, { status, headers: res.headers });
}

/** Parses a form's body with the API's schema; a refusal is the same ValidationError the API gives. */
export function parseForm<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw validationError(result.error);
}
