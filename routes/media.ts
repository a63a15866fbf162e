/**
 * GET /media/{key}: uploaded files from the file storage. Keys never change content, so they cache for
 * a year. A `.jpg` beside a stored `.webp` is its JPEG rendition (for merchant centres' feeds).
 */
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { isStorageKey } from "../lib/storage.ts";
import { jpegRendition } from "../domains/media/mod.ts";

export function mediaRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/media/*", async (c) => {
    const key = c.req.path.slice("/media/".length);
    const file = !isStorageKey(key) ? null : (await c.var.storage.get(key)) ?? await jpegRendition(c.var.storage, key);
    if (!file) return c.text("Not found", 404);
    c.header("Content-Type", file.contentType);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(file.bytes as Uint8Array<ArrayBuffer>);
  });
  return app;
}
