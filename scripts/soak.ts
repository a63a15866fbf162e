/**
 * Soak: starts the shop (loopback only) and runs a mixed load against it for a set number of
 * minutes: browsing (home, category, product, search, API listing), carts, and checkouts paid with
 * the offline test provider. Prints per minute the requests, errors (5xx and failed connections)
 * and p99 latency, and the server's resident memory (VmRSS) at start and end, so growth shows.
 *
 *   deno task soak [--minutes 2] [--shoppers 8]
 *
 * With SOAK_DATABASE_URL set the shop runs on that PostgreSQL database (a scratch one: it is seeded
 * when empty and gains customers and orders); otherwise on PGlite in a scratch folder on disk, as
 * `deno task start` runs it (removed at the end).
 */
import { startServer } from "../tests/helpers/server.ts";
import { buyOne, type HttpShopper, httpShopper, newCustomer } from "../tests/helpers/http_shopper.ts";

function arg(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(Deno.args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const minutes = Math.min(arg("minutes", 2), 60); // bounded: an hour at most
const shoppers = Math.min(arg("shoppers", 8), 64);

function rssKb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface Minute {
  requests: number;
  errors: number;
  /** 4xx answers: a few are expected (sold out); many mean the mix has degenerated into refusals. */
  refused: number;
  latencies: number[];
}

const databaseUrl = Deno.env.get("SOAK_DATABASE_URL");
const pgliteDir = databaseUrl ? null : await Deno.makeTempDir({ prefix: "soak-pglite-" });
const server = await startServer({
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: pgliteDir! }),
  TRUST_PROXY: "true",
});
const started = Date.now();
const endAt = started + minutes * 60_000;
const stats: Minute[] = [];
let paid = 0;
const current =
  () => (stats[Math.floor((Date.now() - started) / 60_000)] ??= { requests: 0, errors: 0, refused: 0, latencies: [] });

/** Wraps a shopper so every request is counted and timed. */
function counted(inner: HttpShopper): HttpShopper {
  return {
    async send(path, init) {
      const t0 = performance.now();
      try {
        const res = await inner.send(path, init);
        const m = current();
        m.requests++;
        m.latencies.push(performance.now() - t0);
        if (res.status >= 500) m.errors++;
        else if (res.status >= 400) m.refused++;
        return res;
      } catch (err) {
        const m = current();
        m.requests++;
        m.errors++;
        throw err;
      }
    },
  };
}

const listing = await (await fetch(`${server.url}/api/products?limit=50`)).json() as {
  items: { id: number; slug: string; stock?: number }[];
};
const products = listing.items;
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
const words = ["lamp", "gecko", "terarium", "substrate", "heat mat", "uvb", "hide", "thermostat"];

async function browse(s: HttpShopper) {
  await s.send("/");
  await s.send(`/product/${pick(products).slug}`);
  await s.send(`/search?q=${encodeURIComponent(pick(words))}`);
  await s.send(`/api/products?page=${1 + Math.floor(Math.random() * 3)}`);
  await s.send("/category/heating-lighting");
}

/**
 * Rounds before a shopper becomes a new customer. Registration allows 5 an hour per address, and
 * the shoppers share 250 addresses: 40 rounds (~400 requests) a customer stays well inside that.
 */
const ROUNDS_PER_CUSTOMER = 40;

async function shopperLoop(n: number) {
  let customer = 0;
  while (Date.now() < endAt) {
    // A new customer every few rounds, from its own (documentation-range) address. Registration is
    // rate-limited per address: a refused one pauses this shopper instead of retrying at once
    // (which would turn the soak into a loop of 429s).
    const s = counted(httpShopper(server.url, `198.51.100.${(n * 7 + customer) % 250 + 1}`));
    try {
      try {
        await newCustomer(s, `soak${n}x${customer++}x${started % 100000}`);
      } catch (err) {
        await new Promise((r) => setTimeout(r, 5_000));
        throw err;
      }
      for (let round = 0; round < ROUNDS_PER_CUSTOMER && Date.now() < endAt; round++) {
        await browse(s);
        await s.send("/cart");
        // Most rounds browse and fill the cart; every other one checks out.
        if (round % 2 === 1) {
          const bought = await buyOne(s, pick(products).id);
          if (bought.paymentStatus === 200) paid++;
        } else await s.send("/api/cart", { json: { productId: pick(products).id, quantity: 1 } });
      }
    } catch {
      // counted above; the next customer starts afresh
    }
  }
}

const rssStart = rssKb(server.pid);
console.log(
  `soak: ${minutes} min, ${shoppers} shoppers, ${
    databaseUrl ? "PostgreSQL" : "PGlite (on disk)"
  }, server RSS at start ${(rssStart / 1024).toFixed(0)} MB`,
);
const ticker = setInterval(() => {
  const i = Math.floor((Date.now() - started) / 60_000) - 1;
  const m = stats[i];
  if (m && !("printed" in m)) {
    Object.assign(m, { printed: true });
    report(i, m);
  }
}, 1_000);

function report(i: number, m: Minute) {
  const sorted = [...m.latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
  console.log(
    `minute ${i + 1}: ${m.requests} requests, ${m.errors} errors, ${m.refused} refused (4xx), p99 ${
      p99.toFixed(0)
    } ms, RSS ${(rssKb(server.pid) / 1024).toFixed(0)} MB`,
  );
}

try {
  await Promise.all(Array.from({ length: shoppers }, (_, n) => shopperLoop(n)));
} finally {
  clearInterval(ticker);
  stats.forEach((m, i) => {
    if (m && !("printed" in m)) report(i, m);
  });
  const rssEnd = rssKb(server.pid);
  const total = stats.reduce((a, m) => ({ r: a.r + (m?.requests ?? 0), e: a.e + (m?.errors ?? 0) }), { r: 0, e: 0 });
  console.log(
    `total: ${total.r} requests, ${total.e} errors, ${paid} checkouts paid; server RSS ${
      (rssStart / 1024).toFixed(0)
    } MB at start, ${(rssEnd / 1024).toFixed(0)} MB at end (${(((rssEnd - rssStart) / rssStart) * 100).toFixed(0)}%)`,
  );
  await server.stop();
  if (pgliteDir) await Deno.remove(pgliteDir, { recursive: true });
}
