/** A CSV file the admin downloads: named for what it holds and the day, never stored by a cache. */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";

export function csvDownload(c: Context<AppEnv>, filename: string, csv: string): Response {
  return c.body(csv, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  });
}
