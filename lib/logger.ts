/**
 * The shop's one logger: every server log line is one JSON object
 * `{ time, level, message, requestId?, ...fields }` written through LogTape, redacted on the way out
 * (query strings, tokens, passwords, card numbers, cookies, database passwords). `LOG_LEVEL`
 * (debug, info, warn, error; default info) tunes what is written. Errors go to stderr, the rest to stdout.
 */
import { configureSync, getLogger, type LogRecord, resetSync } from "@logtape/logtape";

export type LogLevel = "debug" | "info" | "warn" | "error";
export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error"];

/** Field names whose values never reach a log line. */
const SECRET_KEY =
  /pass(word)?|secret|token|cookie|authorization|auth_?header|session_?id|^sid$|card|cvc|cvv|^pan$|api_?key|signature|hash$/i;
const REDACTED = "[redacted]";

/** Values of a string that are secrets whatever field they sit in. */
const SECRET_TEXT: [RegExp, string | ((m: string, ...g: string[]) => string)][] = [
  // A URL's or path's query string (reset tokens, search terms, e-mail addresses): the path stays.
  [/((?:https?:\/\/[^\s"'?#]*|\/[^\s"'?#]*))\?[^\s"'#]*/g, "$1?[redacted]"],
  // user:password@ in connection strings (DATABASE_URL, SMTP_URL).
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, "$1:[redacted]@"],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/g, "Bearer [redacted]"],
  [/\$argon2(id|i|d)\$[^\s"',]+/g, "[redacted]"],
  // Card numbers: 13-19 digits, optionally grouped by spaces or dashes.
  [/\b(?:\d[ -]?){12,18}\d\b/g, "[card]"],
  [/\b(sk|pk|rk|whsec)_(live|test)?_?[A-Za-z0-9]{8,}/g, REDACTED],
  // Cookie headers and name=value pairs of secret names anywhere in a text.
  [/\b(sid|session|token|password|secret|csrf)=[^\s;&"]+/gi, "$1=[redacted]"],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement as string);
  return out;
}

/** A copy of `value` with secret fields replaced and every string passed through redactText. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v !== null && v !== undefined && typeof v !== "boolean" && typeof v !== "number"
      ? REDACTED
      : redact(v, depth + 1);
  }
  return out;
}

/** Fields on every line of this thread: `thread` when a process serves from several (main.ts). */
let threadFields: { thread?: number } = {};

/** Marks every later line of this thread (an isolate of its own) with its number; null: one thread. */
export function setLogThread(thread: number | null): void {
  threadFields = thread === null ? {} : { thread };
}

/** The one shape of a log line (a JSON string, already redacted). */
export function formatLogLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}): string {
  const { time: _t, level: _l, message: _m, ...rest } = fields;
  return JSON.stringify(redact({ time: new Date().toISOString(), level, message, ...threadFields, ...rest }));
}

const toLogTape = { debug: "debug", info: "info", warn: "warning", error: "error" } as const;
const CATEGORY = "shop";

function lineSink(record: LogRecord) {
  const line = record.properties.line as string;
  if (record.level === "error" || record.level === "fatal") console.error(line);
  else console.log(line);
}

let configuredLevel: LogLevel | null = null;

/** (Re)configures LogTape with the lowest level to write; main.ts calls it with LOG_LEVEL. */
export function setupLogging(level: LogLevel = "info"): void {
  if (configuredLevel === level) return;
  configureSync({
    reset: true,
    sinks: { line: lineSink },
    loggers: [
      { category: CATEGORY, sinks: ["line"], lowestLevel: toLogTape[level] },
      // LogTape's own warnings (e.g. a sink failing) in the same shape, never silently lost.
      { category: ["logtape", "meta"], sinks: ["line"], lowestLevel: "warning" },
    ],
  });
  configuredLevel = level;
}

/** For tests that reconfigure: forget the configuration. */
export function resetLogging(): void {
  resetSync();
  configuredLevel = null;
}

const logger = getLogger(CATEGORY);

/**
 * Writes one line. `sink` (tests, or an app given its own log function) receives the formatted
 * line instead of the configured output.
 */
export function writeLog(
  level: LogLevel,
  message: string,
  fields: Record<string, unknown> = {},
  sink?: (line: string) => void,
): void {
  const line = formatLogLine(level, message, fields);
  if (sink) return sink(line);
  if (!configuredLevel) setupLogging(initialLevel());
  logger[toLogTape[level]]("{message}", { message, line });
}

/** LOG_LEVEL when readable and valid (before main.ts configures from the parsed config), else info. */
function initialLevel(): LogLevel {
  try {
    const value = Deno.env.get("LOG_LEVEL");
    return LOG_LEVELS.includes(value as LogLevel) ? value as LogLevel : "info";
  } catch {
    return "info";
  }
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => writeLog("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => writeLog("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => writeLog("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => writeLog("error", message, fields),
};
