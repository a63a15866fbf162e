/**
 * Property-based fuzzing of every /api route and every form route in the app's route table (shared by
 * tests/http/fuzz_test.ts and `deno task fuzz`): generated path parameters, queries and bodies of the
 * wrong type, size, encoding and range, sent as a visitor or a signed-in super_admin. Any 5xx, or a
 * request that gets no answer in time, is a failure.
 */
import fc from "fast-check";
import type { Hono } from "hono";
import type { Database, Db } from "../../db/client.ts";
import { TEST_ORIGIN, testApp } from "./app.ts";
import { createCategory, createProduct } from "./factories.ts";
import { signedInAs } from "./staff.ts";

export interface FuzzTarget {
  method: string;
  path: string;
}

/** Every /api operation and every form route (POST outside /api), from Hono's table. */
export function fuzzTargets(routes: readonly { method: string; path: string }[]): FuzzTarget[] {
  const seen = new Set<string>();
  const targets: FuzzTarget[] = [];
  for (const r of routes) {
    if (r.method === "ALL") continue;
    const api = r.path === "/api" || r.path.startsWith("/api/");
    if (!api && r.method !== "POST") continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({ method: r.method, path: r.path });
  }
  return targets;
}

const hostileStrings = fc.oneof(
  fc.constantFrom(
    "",
    "\u0000",
    "a\u0000b",
    "\u001b[31m",
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "2147483648",
    "-1",
    "0",
    "1e309",
    "NaN",
    "9".repeat(400),
    "%00",
    "%",
    "\ud800",
    "𝔊𝔢𝔠𝔨𝔬",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "x".repeat(5000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

const hostileNumbers = fc.oneof(
  fc.constantFrom(2147483648, -2147483649, Number.MAX_SAFE_INTEGER, -0, 1e308, 0.5, -1, 0),
  fc.integer(),
  fc.double(),
);

/** JSON-ish values, including deep nesting and arrays where objects belong. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileStrings,
    hostileNumbers,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileStrings, fc.constantFrom("id", "productId", "quantity", "code")), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Field names the shop's forms and bodies use, so generated bodies reach past "unknown field". */
const FIELD_NAMES = [
  "id",
  "productId",
  "variantId",
  "quantity",
  "code",
  "email",
  "username",
  "password",
  "confirmPassword",
  "name",
  "firstName",
  "lastName",
  "rating",
  "comment",
  "status",
  "notes",
  "points",
  "rewardId",
  "paymentId",
  "orderId",
  "amount",
  "redirect",
  "addressType",
  "shippingMethod",
  "q",
  "page",
  "limit",
];

const fieldBody = fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(hostileStrings, hostileNumbers), {
  maxKeys: 6,
});

const deepJson = fc.integer({ min: 50, max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n));

export interface FuzzCase {
  target: number;
  params: string[];
  query: [string, string][];
  body:
    | { kind: "json"; value: unknown }
    | { kind: "raw"; type: string | null; text: string }
    | { kind: "form"; fields: Record<string, unknown> };
  asStaff: boolean;
}

/** The generator of one request against `targets[target]`. */
export function fuzzCase(targets: FuzzTarget[]): fc.Arbitrary<FuzzCase> {
  return fc.record({
    target: fc.integer({ min: 0, max: targets.length - 1 }),
    params: fc.array(fc.oneof(hostileStrings, hostileNumbers.map(String)), { minLength: 4, maxLength: 4 }),
    query: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES, "sort", "category", "tab"), hostileStrings), {
      maxLength: 3,
    }),
    body: fc.oneof(
      fc.record({ kind: fc.constant("json" as const), value: fc.oneof(fieldBody, hostileValue) }),
      fc.record({ kind: fc.constant("form" as const), fields: fieldBody }),
      fc.record({
        kind: fc.constant("raw" as const),
        type: fc.constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=x",
          "text/plain",
          "application/json; charset=utf-16",
          null,
        ),
        text: fc.oneof(hostileStrings, deepJson, fc.constantFrom("{", '{"a":', "null", "[]", '"x"', "a=%zz&b")),
      }),
    ),
    asStaff: fc.boolean(),
  });
}

/** A path segment; a lone surrogate (which encodeURIComponent refuses) goes as its raw UTF-8 bytes. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

const ENDS_SESSION = /logout|delete|password/;

/** The request a case describes. */
export function fuzzRequest(targets: FuzzTarget[], k: FuzzCase, cookie: string | null): Request {
  const t = targets[k.target];
  let i = 0;
  const path = t.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, () => segment(k.params[i++ % 4]))
    .replace(/\*$/, "x");
  const url = new URL(path, TEST_ORIGIN);
  for (const [name, value] of k.query) url.searchParams.append(name, value.toWellFormed());
  const headers = new Headers({ Origin: TEST_ORIGIN });
  // Signing out or deleting the account would end the staff session for every later case.
  if (cookie && k.asStaff && !ENDS_SESSION.test(t.path)) headers.set("Cookie", cookie);
  let body: string | undefined;
  if (t.method !== "GET" && t.method !== "HEAD") {
    if (k.body.kind === "json") {
      headers.set("Content-Type", "application/json");
      body = (JSON.stringify(k.body.value) ?? "null").toWellFormed();
    } else if (k.body.kind === "form") {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(
        Object.entries(k.body.fields).map(([name, value]) => [name, String(value)]),
      ).toString();
    } else {
      if (k.body.type) headers.set("Content-Type", k.body.type);
      body = k.body.text;
    }
  }
  return new Request(url, { method: t.method, headers, body, redirect: "manual" });
}

/** How long a request may take before the server counts as having stopped answering. */
const ANSWER_WITHIN_MS = 15_000;

/** Sends one case; resolves to the status, or throws when no answer comes in time. */
export async function sendCase(
  // deno-lint-ignore no-explicit-any
  app: Hono<any>,
  targets: FuzzTarget[],
  k: FuzzCase,
  cookie: string | null,
): Promise<number> {
  const request = fuzzRequest(targets, k, cookie);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${request.method} ${request.url}`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    const res = await Promise.race([app.request(request), timeout]);
    await res.body?.cancel();
    return res.status;
  } finally {
    clearTimeout(timer);
  }
}

/** "METHOD url" of a case, for failure messages. */
export function describeCase(targets: FuzzTarget[], k: FuzzCase): string {
  const r = fuzzRequest(targets, k, null);
  return `${r.method} ${r.url} (${k.body.kind}, ${k.asStaff ? "super_admin" : "visitor"})`;
}

/**
 * The app the fuzzers send to: one category and one product for ids to hit, and a signed-in
 * super_admin's cookie (so admin routes parse their input instead of stopping at 401).
 */
export async function fuzzedShop(db: Db, database: Database) {
  const app = testApp(database);
  const category = await createCategory(db, { name: "Heating", slug: "heating" });
  await createProduct(db, { name: "Heat Mat", stock: 5, categoryId: category.id });
  const staff = await signedInAs(db, database, "super_admin", app);
  const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return { app, cookie, targets: fuzzTargets(app.routes) };
}
