/**
 * Load benchmark: starts the shop in production mode (in-memory database, demo catalogue) and
 * measures requests per second and p50/p99 latency for the home page, a category page, a product
 * page and GET /api/products, on loopback, bounded in time. Prints one table.
 *
 *   deno task bench [--duration 10] [--connections 32]
 *
 * With BENCH_DATABASE_URL set, the shop runs on that PostgreSQL database instead (it is seeded when
 * empty; use a scratch database).
 */
import autocannon from "autocannon";
import { startServer } from "../tests/helpers/server.ts";

function arg(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
}

const duration = arg("duration", 10);
const connections = arg("connections", 32);

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}

function run(url: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (err: Error | null, result: Result) => {
      if (err) reject(err);
      else resolve(result);
    });
  });
}

const databaseUrl = Deno.env.get("BENCH_DATABASE_URL");
const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
try {
  const api = await (await fetch(`${server.url}/api/products?limit=1&sort=name_asc`)).json();
  const product = api.items[0].slug;
  const targets = [
    ["home", "/"],
    ["category", "/category/heating-lighting"],
    ["product", `/product/${product}`],
    ["api products", "/api/products"],
  ];
  console.log(
    `\n${
      databaseUrl ? "PostgreSQL" : "PGlite (embedded)"
    }, ${connections} connections, ${duration} s each, ${navigator.hardwareConcurrency} cores\n`,
  );
  console.log("| page | req/s | p50 ms | p99 ms | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const [label, path] of targets) {
    await fetch(server.url + path).then((r) => r.body?.cancel()); // warm caches before measuring
    const r = await run(server.url + path);
    console.log(
      `| ${label} | ${
        Math.round(r.requests.average)
      } | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} |`,
    );
  }
} finally {
  await server.stop();
}
