/**
 * Files and generated images: /static/* from disk (hashed build output cached for a year, other
 * files for an hour), the favicon, and the generated placeholder images.
 *
 * JS, CSS and SVG are sent as the brotli or gzip copy the build wrote beside them (scripts/build.ts
 * precompress) when the browser accepts it, with `Content-Encoding` and `Vary: Accept-Encoding`;
 * compress() leaves a response that has a Content-Encoding alone, so nothing is compressed twice.
 */
import { Hono } from "hono";
import { z } from "zod";
import { validate } from "./validate.ts";
import type { AppDeps, AppEnv } from "./context.ts";
import { placeholderSvg } from "../lib/placeholder.ts";
import { placeholderPng } from "../lib/placeholder_png.ts";

const staticRoot = new URL("../static/", import.meta.url);

const contentTypes: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  json: "application/json",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  webp: "image/webp",
  jpg: "image/jpeg",
  woff2: "font/woff2",
  txt: "text/plain; charset=utf-8",
};

const placeholderQuery = z.object({
  view: z.coerce.number().int().min(1).max(9).default(1),
  w: z.coerce.number().int().min(16).max(2400).default(600),
  h: z.coerce.number().int().min(16).max(2400).default(600),
});

/** PNGs are drawn pixel by pixel, so they are kept to link-preview sizes. */
const pngQuery = z.object({
  view: z.coerce.number().int().min(1).max(9).default(1),
  w: z.coerce.number().int().min(16).max(1200).default(1200),
  h: z.coerce.number().int().min(16).max(1200).default(630),
});

/** The copies the build writes beside a compressible file, best first. */
const PRECOMPRESSED = [["br", ".br"], ["gzip", ".gz"]] as const;
const COMPRESSIBLE = new Set(["js", "css", "svg"]);

/** The q-value the Accept-Encoding header gives `coding` (its own entry, else `*`, else 0). */
function acceptQ(header: string, coding: string): number {
  let wildcard = 0;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const value = Number.isFinite(q) ? q : 0;
    if (name === coding) return value;
    if (name === "*") wildcard = value;
  }
  return wildcard;
}

async function readIfPresent(url: URL): Promise<{ body: Uint8Array<ArrayBuffer>; mtime: number } | null> {
  try {
    const [body, info] = await Promise.all([Deno.readFile(url), Deno.stat(url)]);
    return { body, mtime: info.mtime?.getTime() ?? 0 };
  } catch (err) {
    if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.IsADirectory) return null;
    throw err;
  }
}

async function serveFile(relative: string, cacheControl: string, acceptEncoding = ""): Promise<Response | null> {
  if (relative.split("/").some((part) => part === ".." || part.startsWith("."))) return null;
  const ext = relative.split(".").pop() ?? "";
  const url = new URL(relative, staticRoot);
  const headers: Record<string, string> = {
    "Content-Type": contentTypes[ext] ?? "application/octet-stream",
    "Cache-Control": cacheControl,
  };
  let file = null;
  if (COMPRESSIBLE.has(ext)) {
    headers["Vary"] = "Accept-Encoding";
    for (const [coding, suffix] of PRECOMPRESSED) {
      if (acceptQ(acceptEncoding, coding) <= 0) continue;
      file = await readIfPresent(new URL(url.href + suffix));
      if (file) {
        headers["Content-Encoding"] = coding;
        break;
      }
    }
  }
  file ??= await readIfPresent(url);
  if (!file) return null;
  // A validator that costs no hashing: the served copy's size and time, different for each encoding.
  headers["ETag"] = `"${file.body.length.toString(36)}-${file.mtime.toString(36)}${
    headers["Content-Encoding"] ? `-${headers["Content-Encoding"]}` : ""
  }"`;
  return new Response(file.body, { headers });
}

/** A malformed escape (/static/%E0) is a missing file, not a server error. */
function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function staticRoutes(_deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get("/static/*", async (c, next) => {
    const relative = decodePath(c.req.path.slice("/static/".length));
    if (relative === null) return next();
    const immutable = relative.startsWith("build/") && /-[A-Z0-9]{8,}\.(js|css)$/i.test(relative);
    const res = await serveFile(
      relative,
      immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      c.req.header("Accept-Encoding"),
    );
    return res ?? next();
  });
  app.get(
    "/favicon.svg",
    async (c, next) =>
      (await serveFile("favicon.svg", "public, max-age=86400", c.req.header("Accept-Encoding"))) ?? next(),
  );
  app.get("/favicon.ico", async (_c, next) => (await serveFile("favicon.ico", "public, max-age=86400")) ?? next());
  app.get("/images/placeholder/:file{[a-z0-9-]{1,220}\\.svg}", validate("query", placeholderQuery), (c) => {
    const key = c.req.param("file").replace(/\.svg$/, "");
    const { view, w, h } = c.req.valid("query");
    return c.body(placeholderSvg(key, { view, width: w, height: h }), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
    });
  });
  app.get("/images/placeholder/:file{[a-z0-9-]{1,220}\\.png}", validate("query", pngQuery), async (c) => {
    const key = c.req.param("file").replace(/\.png$/, "");
    const { view, w, h } = c.req.valid("query");
    return c.body(await placeholderPng(key, { view, width: w, height: h }), 200, {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=86400",
    });
  });
  return app;
}
