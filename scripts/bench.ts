/**
 * Load benchmark (issue 14): starts the shop in production mode (PGlite in a scratch folder, demo
 * catalogue: as `deno task start` runs it, on a database it created and seeded on an earlier start)
 * and the reference SSR server (a minimal Hono + React renderToString page), then loads
 * each page and the reference alternately with the same tool and settings, and prints per page
 * req/s, p50, p99, the same run's reference req/s and the ratio. Absolute figures depend on what else
 * the machine does; only the same-run ratio is comparable between runs.
 *
 *   deno task bench [--duration 10] [--connections 64]
 *
 * With BENCH_DATABASE_URL set, the shop runs on that PostgreSQL database instead (it is seeded when
 * empty; use a scratch database). The reference is found at BENCH_REFERENCE (a directory holding
 * serve.tsx), else ../shared/bench/ref-ssr from the repository's parent folders; without it the
 * ratio column stays empty. WEB_CONCURRENCY=N runs the PostgreSQL shop with N server threads. The load
 * tool is wrk when installed (as the issue measured), else autocannon.
 */
import { arg, type Figures, load as loadWith, loadTool, referenceDir, signIn, startReference } from "./bench_load.ts";
import { startServer } from "../tests/helpers/server.ts";

const duration = arg("duration", 10);
const connections = arg("connections", 64);

function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  return loadWith(url, { connections, duration, headers });
}

function rssMb(pid: number): number | null {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

const databaseUrl = Deno.env.get("BENCH_DATABASE_URL");
/** WEB_CONCURRENCY from the environment: the PostgreSQL shop's server threads (decision 0085). */
const serverThreads = { WEB_CONCURRENCY: Deno.env.get("WEB_CONCURRENCY") ?? "1" };
/**
 * The shop as it runs: on PostgreSQL, or on PGlite in a folder on disk that an earlier start created
 * and seeded (the first start's initdb and seeding leave garbage a long-running shop has long since
 * shed, and an in-memory PGlite holds its files in the process).
 */
async function startShop() {
  if (databaseUrl) return { server: await startServer({ DATABASE_URL: databaseUrl, ...serverThreads }), dir: null };
  const dir = await Deno.makeTempDir({ prefix: "bench-pglite-" });
  const first = await startServer({ PGLITE_DIR: dir });
  // A shop's very first start creates its database (decision 0053): what it holds then.
  console.log(`first start on a new folder: RSS ${rssMb(first.pid) ?? "?"} MB once ready`);
  await first.stop();
  return { server: await startServer({ PGLITE_DIR: dir }), dir };
}
const { server, dir: pgliteDir } = await startShop();
const pid = Number(server.output().match(/"pid":(\d+)/)?.[1]);
/** The largest RSS seen while loads run (sampled twice a second): what the shop holds under load. */
let peakRss = 0;
const sampler = setInterval(() => peakRss = Math.max(peakRss, (pid && rssMb(pid)) || 0), 500);
const refDir = await referenceDir();
const reference = refDir ? await startReference(refDir) : null;
try {
  const api = await (await fetch(`${server.url}/api/products?limit=1&sort=name_asc`)).json();
  const product = api.items[0].slug;
  const cookie = await signIn(server.url);
  const targets: [string, string, Record<string, string>][] = [
    ["home", "/", {}],
    ["category", "/category/heating-lighting", {}],
    ["product", `/product/${product}`, {}],
    ["search page", "/search?q=uvb", {}],
    ["product, signed in", `/product/${product}`, { Cookie: cookie }],
  ];
  console.log(
    `\n${
      databaseUrl
        ? `PostgreSQL${
          serverThreads.WEB_CONCURRENCY === "1" ? "" : `, ${serverThreads.WEB_CONCURRENCY} server threads`
        }`
        : "PGlite (embedded)"
    }, ${connections} connections, ${duration} s each, ${loadTool}, ${navigator.hardwareConcurrency} cores, ${
      new Date().toISOString()
    }\n`,
  );
  console.log("| page | req/s | p50 ms | p99 ms | errors | reference req/s | ratio |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const [label, path, headers] of targets) {
    // Warm caches before measuring.
    await fetch(server.url + path, { headers }).then((r) => r.body?.cancel());
    const shop = await load(server.url + path, headers);
    const ref = reference ? await load(reference.url) : null;
    console.log(
      `| ${label} | ${Math.round(shop.rps)} | ${shop.p50.toFixed(1)} | ${shop.p99.toFixed(1)} | ${shop.errors} | ${
        ref ? Math.round(ref.rps) : "-"
      } | ${ref ? `${Math.round((100 * shop.rps) / ref.rps)}%` : "-"} |`,
    );
  }
  clearInterval(sampler);
  const rss = pid ? rssMb(pid) : null;
  if (rss !== null) {
    // "After the run" is read once the reference's last load has ended, some 8 s after the shop's.
    // V8's memory reducer gives back the heap grown under load once the shop idles (after 1 s with
    // the start task's flags, 8 s by default: decision 0052); the idle figures show what stays.
    const idle = [];
    for (const s of [5, 10, 15, 20]) {
      await new Promise((r) => setTimeout(r, 5000));
      idle.push(`${s} s: ${rssMb(pid) ?? "?"} MB`);
    }
    console.log(`\nshop RSS: peak under load ${peakRss} MB; after the run ${rss} MB; idle after ${idle.join(", ")}`);
  }
} finally {
  clearInterval(sampler);
  await reference?.stop();
  await server.stop();
  if (pgliteDir) await Deno.remove(pgliteDir, { recursive: true });
}
