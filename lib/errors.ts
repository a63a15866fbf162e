/**
 * Typed errors that domains throw. `app.onError` maps each to its HTTP status:
 * JSON `{ error, message, code?, field?, issues? }` under /api, an HTML error page elsewhere. Bad input
 * never becomes a 500. A refusal a client must tell apart from others carries a stable `code` (and the
 * form `field` it concerns), so no client matches the message's wording, which may change.
 */
import type { ErrorCode } from "./error_codes.ts";

export { ERROR_CODES, type ErrorCode } from "./error_codes.ts";

export interface ErrorDetail {
  code?: ErrorCode;
  /** The form field the refusal is about. */
  field?: string;
}

export class AppError extends Error {
  readonly code?: ErrorCode;
  readonly field?: string;
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 502 | 503,
    detail: ErrorDetail = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = detail.code;
    this.field = detail.field;
  }
}

/** A field-level problem, as reported to the client. */
export interface Issue {
  path: string;
  message: string;
}

export class ValidationError extends AppError {
  constructor(message: string, readonly issues: Issue[] = []) {
    super(message, 400);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = "Please login to access this page.") {
    super(message, 401);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You don't have permission to access this page.") {
    super(message, 403);
  }
}

export class NotFoundError extends AppError {
  constructor(message = "Not found") {
    super(message, 404);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, detail: ErrorDetail = {}) {
    super(message, 409, detail);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message = "Too many attempts. Please wait a moment and try again.",
    /** Sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, 429);
  }
}

/**
 * A service the shop depends on for this request (Meta's Graph API, say) could not be reached or
 * answered something unreadable: 502, and the message says to try again later.
 */
export class UpstreamError extends AppError {
  constructor(message: string) {
    super(message, 502);
  }
}

/** The Postgres error code behind a driver or Drizzle error (23505 unique, 23503 foreign key...). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
