/**
 * Load benchmark of the catalogue at scale (decision 0044): the shop on PostgreSQL databases holding
 * generated catalogues of different sizes, loaded at 16 connections on a category page (first page,
 * a deep page by price) and GET /api/search with several words (a typo among them). Prints req/s,
 * p50 and p99 per size and target, then the median and slowest of 20 requests sent one at a time
 * (latency without queueing, the better guide on a busy machine), so the growth from 1,000 to
 * 100,000 products shows.
 *
 *   DATABASE_URL=$BENCH_DATABASE_URL deno task seed:large --products 100000   # once
 *   BENCH_DATABASE_URL=postgres://.../bench_large deno task bench:large [--duration 10] [--connections 16]
 *     [--sizes 1000,10000] [--tail-seconds 30] [--tail-only]
 *
 * BENCH_DATABASE_URL is measured as it is (seeded by seed:large); each of `--sizes` gets a scratch
 * database beside it, `<name>_<size>`, created and seeded on first use and kept for the next run
 * (`--sizes ""` skips them). The shop runs with PAGE_CACHE=false (no visitor page cache, no shared
 * catalogue reads) and every request carries its own `r=` query parameter, which the shop ignores:
 * each request reaches the database, so the figures are the catalogue queries' own cost. What depends
 * only on staff writes is still kept, as in production (decision 0050): the categories, a listing's
 * counts and facets, a search's ranked ids. So the table's rows after the first request measure a
 * page's own rows and rendering; the second table measures requests that find nothing kept (a
 * category filtered by a price band, and 20 search words, each sent once: the first visit after a
 * staff write), 20 deep pages of the whole catalogue, and 20 admin product searches by name or SKU
 * signed in as the demo admin (decision 0098).
 *
 * Then, per size: the recommendations' full rebuild, timed before the shop starts (decision 0059),
 * and the long tail (decision 0062): every product's page once, in random order, over the same number
 * of connections, as crawlers and ad clicks reach a large catalogue, on the shop as production runs it
 * (page cache on, though no page is asked twice), for at most `--tail-seconds` (default 30) a size. Its pages/s is
 * compared with the reference React SSR server (see bench_load.ts) loaded in the same run.
 */
import postgres from "postgres";
import { count, isNull } from "drizzle-orm";
import { openDb } from "../db/client.ts";
import { categories, products } from "../db/schema/mod.ts";
import { catalogSchemas } from "../domains/catalog/mod.ts";
import { isEmpty, seedDemo } from "../seed/mod.ts";
import { seedLarge } from "../seed/large.ts";
import { startServer } from "../tests/helpers/server.ts";
import { rebuildRecommendations } from "../domains/recommendations/mod.ts";
import { arg, load, loadEachPathOnce, loadTool, referenceDir, signIn, startReference } from "./bench_load.ts";

const duration = arg("duration", 10);
const tailSeconds = arg("tail-seconds", 30);
/** `--tail-only`: the rebuild and the long tail without the table of targets (a quicker run). */
const tailOnly = Deno.args.includes("--tail-only");
const connections = arg("connections", 16);
const sizesAt = Deno.args.indexOf("--sizes");
const sizes = (sizesAt >= 0 ? Deno.args[sizesAt + 1] : "1000,10000").split(",").filter(Boolean).map(Number);

const TARGETS: [string, string][] = [
  ["category, page 1", "/category/heating-lighting"],
  ["category, page 50 by price", "/category/heating-lighting?sort=price_asc&page=50"],
  ["search 'incubator'", "/api/search?q=incubator"],
  ["search 'thermostst' (typo)", "/api/search?q=thermostst"],
  ["search 'uvb'", "/api/search?q=uvb"],
  ["search 'exo terra'", "/api/search?q=exo%20terra"],
];

/**
 * Staff's "name or SKU contains" searches on the admin product list, sent once each: common words,
 * rare ones, SKU fragments and words no product has (decision 0098).
 */
const ADMIN_SEARCHES = [
  "heat",
  "thermostat 150w",
  "springtail",
  "magnolia",
  "lg-00102",
  "lg-0099",
  "exo terra",
  "projector",
  "uvb",
  "cork bark",
  "zzzq",
  "no such thing",
  "conditioner 66ml",
  "dimming",
  "josh's",
  "leaf litter",
  "tortoise",
  "ceramic",
  "mister",
  "xqjv",
];

/** Searches sent once each, none of them among TARGETS (nothing kept for them yet). */
const COLD_SEARCHES = [
  "thermostat",
  "heat mat",
  "basking",
  "substrate",
  "hide",
  "tortoise",
  "gecko",
  "vivarium",
  "mister",
  "thermometer",
  "bulb",
  "ceramic",
  "cork",
  "calcium",
  "feeder",
  "water bowl",
  "arcadia",
  "incubater",
  "terarium",
  "dimmer",
];

/** The URL of `<name>_<size>` beside `base`, created and seeded to `size` products when short of them. */
async function scratchDatabase(base: string, size: number): Promise<string> {
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_${size}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!row) await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  url.pathname = `/${name}`;
  const database = await openDb({ url: url.href, poolSize: 2 });
  try {
    await database.migrate();
    if (await isEmpty(database.db)) await seedDemo(database.db, { withAccounts: true });
    await seedLarge(database.db, size);
  } finally {
    await database.close();
  }
  return url.href;
}

/** One request at a time, each with its own `r=`: the median and slowest of `n`, in ms (latency without queueing). */
async function sequential(url: string, n: number): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${url.includes("?") ? "&" : "?"}s=${i}`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], max: times[n - 1] };
}

/** The number of products, the categories' slugs and the storefront products' slugs. */
async function catalogue(url: string): Promise<{ n: number; slugs: string[]; productSlugs: string[] }> {
  const database = await openDb({ url, poolSize: 1 });
  try {
    const [{ n }] = await database.db.select({ n: count() }).from(products);
    const slugs = (await database.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
    const productSlugs = (await database.db.select({ slug: products.slug }).from(products)
      .where(isNull(products.archivedAt))).map((p) => p.slug);
    return { n, slugs, productSlugs };
  } finally {
    await database.close();
  }
}

/** The recommendations' full rebuild on `url`, in seconds (nothing else runs on it meanwhile). */
async function timedRebuild(url: string): Promise<number> {
  const database = await openDb({ url, poolSize: 4 });
  try {
    const started = performance.now();
    await rebuildRecommendations(database.db);
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
  }
}

/**
 * Each path once, in the order given, over `connections` connections, for at most `seconds`: pages/s,
 * p50 and p99 in ms, errors (non-2xx or failed), and how many were sent. With wrk when installed,
 * the tool the reference is loaded with (a crawler's `Accept-Encoding: gzip`, nothing decompressed);
 * else fetch() from this process, whose own work (decompressing every page) shares the cores with
 * the shop and lowers the figure.
 */
async function longTail(
  base: string,
  paths: string[],
  seconds: number,
): Promise<{ rps: number; p50: number; p99: number; errors: number; sent: number }> {
  const headers = { "Accept-Encoding": "gzip" };
  const byWrk = await loadEachPathOnce(base, paths, { connections, duration: seconds, headers });
  if (byWrk) return { ...byWrk, sent: byWrk.sent ?? 0 };
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < paths.length && performance.now() < endAt) {
      const path = paths[next++];
      const t0 = performance.now();
      try {
        const res = await fetch(base + path, { headers });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - t0);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? NaN;
  return { rps: times.length / elapsed, p50: at(0.5), p99: at(0.99), errors, sent: times.length };
}

/** A copy of `xs` in random order (Fisher-Yates). */
function shuffled<T>(xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Each path sent once, one at a time: the median and slowest, in ms. */
async function once(
  base: string,
  paths: readonly string[],
  headers: HeadersInit = {},
): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(base + path, { headers, redirect: "manual" });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

const benchUrl = Deno.env.get("BENCH_DATABASE_URL");
if (!benchUrl) {
  console.error("BENCH_DATABASE_URL must name a PostgreSQL database seeded by `deno task seed:large`");
  Deno.exit(2);
}
const databases = [...await Promise.all(sizes.map((s) => scratchDatabase(benchUrl, s))), benchUrl];

console.log(
  `\nPostgreSQL, ${connections} connections, ${duration} s each, ${loadTool}, ${navigator.hardwareConcurrency} cores, ${
    new Date().toISOString()
  }\n`,
);
console.log("| products | target | req/s | p50 ms | p99 ms | errors | alone: median ms | alone: max ms |");
console.log("|---:|---|---:|---:|---:|---:|---:|---:|");
const coldRows: string[] = [];
const tailRows: { n: number; rebuild: number; tail: Awaited<ReturnType<typeof longTail>> }[] = [];
for (const url of databases) {
  const { n, slugs, productSlugs } = await catalogue(url);
  const rebuild = await timedRebuild(url);
  const server = tailOnly ? null : await startServer({ DATABASE_URL: url, PAGE_CACHE: "false" });
  if (server) {
    try {
      // First the requests that find nothing kept, before the load keeps anything for them.
      const bands = catalogSchemas.PRICE_BANDS.map((b) => b.value);
      const listings = slugs.map((slug, i) => `/category/${slug}?price=${bands[i % bands.length]}`);
      const searches = COLD_SEARCHES.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
      await fetch(server.url + "/").then((r) => r.body?.cancel());
      // Deep pages of the whole catalogue in its default sort, as a crawler following "next" reaches them.
      const lastPage = Math.ceil(productSlugs.length / 24);
      const deepPages = Array.from(
        { length: 20 },
        (_, i) => `/products?page=${lastPage - 1 - i * Math.floor(lastPage / 40)}`,
      );
      const adminSearches = ADMIN_SEARCHES.map((q) => `/admin/products?q=${encodeURIComponent(q)}`);
      const admin = { cookie: await signIn(server.url, "admin") };
      for (
        const [label, paths, headers] of [
          ["category by a price band", listings, {}],
          ["search, a new word", searches, {}],
          ["all products, a deep page", deepPages, {}],
          ["admin product list, name or SKU search", adminSearches, admin],
        ] as const
      ) {
        const f = await once(server.url, paths, headers);
        coldRows.push(`| ${n} | ${label} | ${paths.length} | ${f.median.toFixed(1)} | ${f.max.toFixed(1)} |`);
      }
      for (const [label, path] of TARGETS) {
        // Warm the connection pool and caches before measuring.
        await fetch(server.url + path).then((r) => r.body?.cancel());
        const f = await load(server.url + path, { connections, duration, unique: true });
        const alone = await sequential(server.url + path, 20);
        console.log(
          `| ${n} | ${label} | ${Math.round(f.rps)} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.errors} | ${
            alone.median.toFixed(1)
          } | ${alone.max.toFixed(1)} |`,
        );
      }
    } finally {
      await server.stop();
    }
  }
  // The long tail runs as the shop runs in production (page cache on): no page is asked twice, so
  // only what is kept until a staff write (categories, counts) can be reused.
  // WEB_CONCURRENCY from the environment: the shop's server threads (decision 0085).
  const production = await startServer({ DATABASE_URL: url, WEB_CONCURRENCY: Deno.env.get("WEB_CONCURRENCY") ?? "1" });
  try {
    await fetch(production.url + "/").then((r) => r.body?.cancel());
    const tail = await longTail(production.url, shuffled(productSlugs).map((s) => `/product/${s}`), tailSeconds);
    tailRows.push({ n, rebuild, tail });
  } finally {
    await production.stop();
  }
}
console.log("\nFirst requests (nothing kept for them yet), one at a time:\n");
console.log("| products | request | n | median ms | max ms |");
console.log("|---:|---|---:|---:|---:|");
for (const row of coldRows) console.log(row);

const refDir = await referenceDir();
const reference = refDir ? await startReference(refDir) : null;
const ref = reference ? await load(reference.url, { connections: 64, duration }) : null;
await reference?.stop();
console.log(
  `\nThe long tail: each product page once, random order, ${connections} connections (${
    loadTool === "wrk" ? "wrk" : "fetch"
  }, gzip accepted), at most ${tailSeconds} s; ` +
    `the recommendations' full rebuild before it. Reference SSR: ${
      ref ? `${Math.round(ref.rps)} req/s` : "not found"
    }\n`,
);
console.log("| products | rebuild s | pages sent | pages/s | % of reference | p50 ms | p99 ms | errors |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const { n, rebuild, tail } of tailRows) {
  console.log(
    `| ${n} | ${rebuild.toFixed(1)} | ${tail.sent} | ${Math.round(tail.rps)} | ${
      ref ? ((100 * tail.rps) / ref.rps).toFixed(1) : "-"
    } | ${tail.p50.toFixed(1)} | ${tail.p99.toFixed(1)} | ${tail.errors} |`,
  );
}
