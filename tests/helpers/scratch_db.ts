/**
 * A fresh, empty PostgreSQL database beside the TEST_DATABASE_URL one, for tests that start whole
 * servers on a database of their own (start-up lock, Deploy's permissions). PostgreSQL only.
 */
import postgres from "postgres";

export const usingPostgres = !!Deno.env.get("TEST_DATABASE_URL");

/** Creates `<test db>_<suffix>` (dropped first if left over), runs `fn` with its URL, then drops it. */
export async function withScratchDatabase(suffix: string, fn: (url: string) => Promise<void>): Promise<void> {
  const base = new URL(Deno.env.get("TEST_DATABASE_URL")!);
  const name = `${base.pathname.slice(1)}_${suffix}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = postgres(base.href, { max: 1, onnotice: () => {} });
  const url = new URL(base.href);
  url.pathname = `/${name}`;
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    try {
      await fn(url.href);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}
