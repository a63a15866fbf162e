/**
 * A browser-like client for in-process HTTP tests: keeps cookies between requests and sends the
 * shop's own Origin on state-changing requests (as a browser does for a same-site form or fetch).
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { TEST_ORIGIN } from "./app.ts";
import { readReferences } from "./html.ts";

export interface TestClient {
  cookies: Map<string, string>;
  request(path: string, init?: RequestInit): Promise<Response>;
  get(path: string): Promise<Response>;
  postJson(path: string, body: unknown, method?: string): Promise<Response>;
  postForm(path: string, fields: Record<string, string>): Promise<Response>;
}

// deno-lint-ignore no-explicit-any
export function testClient(app: Hono<any>, opts: { origin?: string | null } = {}): TestClient {
  const cookies = new Map<string, string>();
  const origin = opts.origin === undefined ? TEST_ORIGIN : opts.origin;
  async function request(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set("Cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const method = (init.method ?? "GET").toUpperCase();
    if (origin && !["GET", "HEAD"].includes(method) && !headers.has("Origin")) headers.set("Origin", origin);
    const res = await app.request(path, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  }
  return {
    cookies,
    request,
    get: (path) => request(path),
    postJson: (path, body, method = "POST") =>
      request(path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    postForm: (path, fields) =>
      request(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

/** The JSON body of `res`, after asserting its status (the body in the message) and its JSON content type. */
export async function jsonOf(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

/** A page's text without tags and React's text separators, references and apostrophes decoded, white space collapsed. */
export function pageText(page: string): string {
  return readReferences(page).replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}
