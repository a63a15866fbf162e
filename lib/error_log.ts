/**
 * Errors as they may appear in a log line. A Drizzle query error's message, and so its stack, ends
 * with the query's parameters (`params: ...`): session hashes, argon2 hashes, e-mail addresses,
 * reset links. Every log line that carries an error is built here, so none of that reaches a log.
 */
import { AppError, pgErrorCode } from "./errors.ts";
import { writeLog } from "./logger.ts";

/** Drizzle's "\nparams: ..." tail (parameters may span lines: it runs to the end of the message). */
const PARAMS_TAIL = /\n?\s*params:[\s\S]*$/;
const MAX_TEXT = 500;
const MAX_FRAMES = 15;

export interface LoggedError {
  /** The error's name and its message without query parameters. */
  error: string;
  /** The SQLSTATE behind a database error, if any. */
  code: string | null;
  /** Stack frames only (the stack's first line repeats the message, so it is left out). */
  stack?: string;
  /** Name and parameter-free message of each cause, outermost first. */
  causes?: string[];
}

function safeText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message.replace(PARAMS_TAIL, "")}` : String(err);
  return text.replace(PARAMS_TAIL, "").slice(0, MAX_TEXT);
}

/** The parts of `err` that are safe to log. */
export function describeError(err: unknown): LoggedError {
  const out: LoggedError = { error: safeText(err), code: pgErrorCode(err) ?? null };
  if (!(err instanceof Error)) return out;
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).slice(0, MAX_FRAMES);
  if (frames.length) out.stack = frames.map((f) => f.trim()).join("\n");
  const causes: string[] = [];
  let cause: unknown = err.cause;
  for (let i = 0; i < 3 && cause !== undefined && cause !== null; i++) {
    causes.push(safeText(cause));
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  if (causes.length) out.causes = causes;
  return out;
}

/**
 * Writes one error line through the shop's logger (lib/logger.ts: one JSON shape, redacted):
 * `message` says what failed, `fields` add context (requestId, path, ids), the error itself goes
 * through describeError. `sink` takes the line instead (tests).
 */
export function logError(
  message: string,
  err: unknown,
  fields: Record<string, unknown> = {},
  sink?: (line: string) => void,
): void {
  writeLog("error", message, { ...fields, ...describeError(err) }, sink);
}

/** What Deno throws when the connection a body was arriving on is gone (the client hung up). */
const ABORT_ERRORS = [
  Deno.errors.BadResource,
  Deno.errors.ConnectionReset,
  Deno.errors.ConnectionAborted,
  Deno.errors.BrokenPipe,
  Deno.errors.UnexpectedEof,
  Deno.errors.Http,
];

/**
 * True when a request failed because its client went away before its body arrived (a closed tab, a
 * dropped mobile connection, a timed-out load balancer): the request's signal is aborted, or reading the
 * body threw one of Deno's connection errors (itself or as a cause). Not the shop's fault, so it is no
 * 500 and no error line.
 */
export function isClientAbort(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  let e: unknown = err;
  for (let i = 0; i < 4 && e instanceof Error; i++) {
    if (ABORT_ERRORS.some((kind) => e instanceof kind)) return true;
    if (e instanceof TypeError && /error reading a body from connection|body from connection/i.test(e.message)) {
      return true;
    }
    e = e.cause;
  }
  return false;
}

/** A failure that is not the visitor's fault; its message is the spec's fallback text for the action. */
export class ServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ServiceError";
  }
}

/**
 * Runs `fn`. A refusal (an AppError: bad input, wrong password, rate limit) passes through as it is;
 * anything else is logged as `log.message` (through logError, so without query parameters) and
 * becomes a ServiceError carrying `fallback`, which the caller shows in place of an error page.
 */
export async function withFallback<T>(
  fallback: string,
  log: { message: string; fields?: Record<string, unknown> },
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError || err instanceof ServiceError) throw err;
    logError(log.message, err, log.fields);
    throw new ServiceError(fallback);
  }
}
