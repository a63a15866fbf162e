/**
 * Checkout benchmark (issue 28 items 5 and 6): starts the real shop (production mode, offline test
 * payments, demo catalogue) on PGlite and on PostgreSQL, registers N customers over HTTP, and has each
 * buy in a loop for a set time: add to cart, place the order, create the payment intent, pay with the
 * test card 4242, read the order. Then a flash sale: every customer buys one product whose stock is
 * limited until it is sold out, and the database is read to check that the units sold equal the stock
 * taken, that no stock went negative, and that every payment the shop acknowledged is on a paid order.
 * The reference SSR server (see bench_load.ts) is loaded in the same run, right after each shop's
 * loop: paid orders/s against its req/s is the figure comparable between runs.
 *
 *   deno task bench:checkout [--customers 32] [--duration 20] [--hot-stock 100] [--only pglite|postgres]
 *                            [--threads 1,2]
 *
 * `--threads`: PostgreSQL is run once per figure, with that many server threads (WEB_CONCURRENCY,
 * decision 0085); the default is 1 and then one per core.
 *
 * PostgreSQL: BENCH_CHECKOUT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/shop_c, a scratch
 * database that is dropped and created again (the server seeds it). Loopback only, bounded in time.
 */
import { sql } from "drizzle-orm";
import { openDb } from "../db/client.ts";
import { arg, load, referenceDir, startReference } from "./bench_load.ts";
import { type RunningServer, startServer } from "../tests/helpers/server.ts";
import { type HttpShopper, httpShopper, newCustomer } from "../tests/helpers/http_shopper.ts";

const customers = Math.min(arg("customers", 32), 128);
const duration = Math.min(arg("duration", 20), 300);
const hotStock = arg("hot-stock", 100);
const onlyIndex = Deno.args.indexOf("--only");
const only = onlyIndex >= 0 ? Deno.args[onlyIndex + 1] : null;
const threadsIndex = Deno.args.indexOf("--threads");
const threadCounts = threadsIndex >= 0
  ? Deno.args[threadsIndex + 1].split(",").map((n) => Math.min(Math.max(Number(n) || 1, 1), 32))
  : [...new Set([1, navigator.hardwareConcurrency])];
const postgresUrl = Deno.env.get("BENCH_CHECKOUT_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/shop_c";

const STEPS = ["add", "place", "intent", "confirm", "read"] as const;
type Step = typeof STEPS[number];

/** SQL against the shop's database, from outside the shop. */
interface Sql {
  rows<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** PostgreSQL at `url`, or a PGlite folder while no shop holds it (opened as the shop opens it). */
async function openSql(target: { url: string } | { pgliteDir: string }): Promise<Sql> {
  const database = await openDb({ ...target, poolSize: 2 });
  return {
    async rows<T>(text: string) {
      const result = await database.db.execute(sql.raw(text)) as unknown as T[] | { rows: T[] };
      return Array.isArray(result) ? [...result] : result.rows;
    },
    close: () => database.close(),
  };
}

/** A product with no variants: the hot one, and the ones the loop buys (stock raised so none sells out). */
async function prepareCatalogue(db: Sql): Promise<{ hot: number; loop: number[] }> {
  const ids = (await db.rows<{ id: number }>(
    `select id from products p where archived_at is null and price > 0
       and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 21`,
  )).map((r) => Number(r.id));
  if (ids.length < 2) throw new Error("the demo catalogue has too few products without variants");
  const [hot, ...loop] = ids;
  await db.rows(`update products set stock = 1000000 where id in (${loop.join(",")})`);
  await db.rows(`update products set stock = ${hotStock} where id = ${hot}`);
  return { hot, loop };
}

interface Shop {
  label: string;
  server: RunningServer;
  /** SQL while the shop runs (PostgreSQL), else null. */
  live: Sql | null;
  /** SQL once the shop has stopped. */
  afterStop(): Promise<Sql>;
  catalogue: { hot: number; loop: number[] };
  /** Removes what the run left (PGlite's folder). */
  cleanup(): Promise<void>;
}

const env = { TRUST_PROXY: "true" };

async function startPostgresShop(threads: number): Promise<Shop> {
  const admin = await openSql({ url: postgresUrl.replace(/\/[^/?]+(\?|$)/, "/postgres$1") });
  const name = new URL(postgresUrl).pathname.slice(1);
  await admin.rows(`drop database if exists "${name}" with (force)`);
  await admin.rows(`create database "${name}"`);
  await admin.close();
  const server = await startServer({ ...env, DATABASE_URL: postgresUrl, WEB_CONCURRENCY: String(threads) });
  const live = await openSql({ url: postgresUrl });
  const catalogue = await prepareCatalogue(live);
  return {
    label: threads > 1 ? `PostgreSQL, ${threads} server threads` : "PostgreSQL",
    server,
    live,
    afterStop: () => openSql({ url: postgresUrl }),
    catalogue,
    cleanup: () => Promise.resolve(),
  };
}

/** PGlite in a folder on disk, as `deno task start` runs it; the stock is set between two starts. */
async function startPgliteShop(): Promise<Shop> {
  const dir = await Deno.makeTempDir({ prefix: "bench-checkout-pglite-" });
  const first = await startServer({ ...env, PGLITE_DIR: dir });
  await first.stop();
  const db = await openSql({ pgliteDir: dir });
  const catalogue = await prepareCatalogue(db);
  await db.close();
  const server = await startServer({ ...env, PGLITE_DIR: dir });
  return {
    label: "PGlite",
    server,
    live: null,
    afterStop: () => openSql({ pgliteDir: dir }),
    catalogue,
    cleanup: () => Deno.remove(dir, { recursive: true }),
  };
}

interface Tally {
  purchases: number[];
  steps: Record<Step, number[]>;
  /** Non-2xx answers (or failed requests) by step and status. */
  errors: Map<string, number>;
  /** Orders whose payment the shop acknowledged (test-confirm 200). */
  paidIds: number[];
  /** Orders the shop acknowledged placing (2xx). */
  placedIds: number[];
  soldOut: number;
}

function newTally(): Tally {
  return {
    purchases: [],
    steps: { add: [], place: [], intent: [], confirm: [], read: [] },
    errors: new Map(),
    paidIds: [],
    placedIds: [],
    soldOut: 0,
  };
}

/** One purchase of one unit; answers false when the product is sold out (the place step said so). */
async function purchase(s: HttpShopper, productId: number, t: Tally): Promise<boolean> {
  const started = performance.now();
  const step = async (name: Step, path: string, json?: unknown) => {
    const t0 = performance.now();
    try {
      const res = await s.send(path, json === undefined ? {} : { json });
      t.steps[name].push(performance.now() - t0);
      if (res.status >= 300) {
        const key = `${name} ${res.status}`;
        t.errors.set(key, (t.errors.get(key) ?? 0) + 1);
        return null;
      }
      return res.body as Record<string, unknown>;
    } catch (err) {
      const key = `${name} ${(err as Error).name}`;
      t.errors.set(key, (t.errors.get(key) ?? 0) + 1);
      return null;
    }
  };
  if (!await step("add", "/api/cart", { productId, quantity: 1 })) return false;
  const order = await step("place", "/api/orders", { shippingMethod: "standard" }) as { id: number } | null;
  if (!order) {
    // The cart line stays: drop it so the next round does not carry it.
    await s.send("/api/cart", { method: "DELETE" }).catch(() => {});
    t.soldOut++;
    return false;
  }
  t.placedIds.push(order.id);
  const intent = await step("intent", "/api/payments/create-intent", { orderId: order.id });
  if (!intent) return true;
  const paid = await step("confirm", "/api/payments/test-confirm", {
    clientSecret: intent.clientSecret,
    cardNumber: "4242424242424242",
  });
  if (!paid) return true;
  t.paidIds.push(order.id);
  await step("read", `/api/orders/${order.id}`);
  t.purchases.push(performance.now() - started);
  return true;
}

function pct(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

const ms = (x: number) => Number.isNaN(x) ? "-" : x >= 100 ? x.toFixed(0) : x.toFixed(1);

/** Runs every shopper's loop until the time is up (or, with `stopWhenSoldOut`, its product runs out). */
async function run(
  shoppers: HttpShopper[],
  seconds: number,
  pickProduct: (n: number, round: number) => number,
  stopWhenSoldOut: boolean,
): Promise<{ tally: Tally; seconds: number }> {
  const tally = newTally();
  const started = performance.now();
  const endAt = started + seconds * 1000;
  await Promise.all(shoppers.map(async (s, n) => {
    for (let round = 0; performance.now() < endAt; round++) {
      const more = await purchase(s, pickProduct(n, round), tally);
      if (!more && stopWhenSoldOut) return;
    }
  }));
  return { tally, seconds: (performance.now() - started) / 1000 };
}

async function benchShop(shop: Shop, reference: { url: string } | null) {
  const { server, catalogue } = shop;
  console.log(`\n## ${shop.label}: ${customers} customers, ${duration} s, ${new Date().toISOString()}\n`);
  const stamp = Date.now() % 1_000_000;
  const shoppers = Array.from({ length: customers }, (_, n) => httpShopper(server.url, `198.51.100.${n + 1}`));
  // Registration hashes a password (argon2id): a few at a time, as sign-ups arrive.
  for (let i = 0; i < shoppers.length; i += 4) {
    await Promise.all(shoppers.slice(i, i + 4).map((s, j) => newCustomer(s, `bench${stamp}c${i + j}`)));
  }
  // Warm-up: every customer buys once (JIT, prepared statements, pools), not counted.
  await Promise.all(shoppers.map((s, n) => purchase(s, catalogue.loop[n % catalogue.loop.length], newTally())));

  const loop = await run(shoppers, duration, (n, r) => catalogue.loop[(n + r) % catalogue.loop.length], false);
  const ref = reference ? await load(reference.url, { connections: 64, duration: Math.min(10, duration) }) : null;
  const t = loop.tally;
  const rate = t.purchases.length / loop.seconds;
  console.log(
    "| shop | paid orders/s | p50 ms a purchase | p99 ms | errors | reference SSR req/s | paid orders per 1,000 ref req |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const errors = [...t.errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `| ${shop.label} | ${rate.toFixed(1)} | ${ms(pct(t.purchases, 0.5))} | ${
      ms(pct(t.purchases, 0.99))
    } | ${errors} | ${ref ? Math.round(ref.rps) : "-"} | ${ref ? ((1000 * rate) / ref.rps).toFixed(1) : "-"} |`,
  );
  console.log(
    `\nper step, as the client sees it (p50 / p99 ms): ${
      STEPS.map((s) => `${s} ${ms(pct(t.steps[s], 0.5))} / ${ms(pct(t.steps[s], 0.99))}`).join(", ")
    }`,
  );
  if (errors) console.log(`errors: ${[...t.errors].map(([k, v]) => `${k} x${v}`).join(", ")}`);

  // One customer alone: each step's time without queueing behind the others.
  const alone = await run(shoppers.slice(0, 1), Math.min(5, duration), () => catalogue.loop[0], false);
  console.log(
    `one customer alone (p50 ms): ${STEPS.map((s) => `${s} ${ms(pct(alone.tally.steps[s], 0.5))}`).join(", ")}; ${
      (alone.tally.purchases.length / alone.seconds).toFixed(1)
    } paid orders/s`,
  );

  // The flash sale: everyone buys the hot product until it is gone (or the time is up).
  let lowest = Infinity;
  const poller = shop.live
    ? setInterval(async () => {
      const [row] = await shop.live!.rows<{ stock: number }>(`select stock from products where id = ${catalogue.hot}`);
      lowest = Math.min(lowest, Number(row.stock));
    }, 50)
    : null;
  const hot = await run(shoppers, duration, () => catalogue.hot, true);
  if (poller) clearInterval(poller);
  const h = hot.tally;
  console.log(
    `\nflash sale, ${hotStock} units of product ${catalogue.hot}: ${h.paidIds.length} paid in ${
      hot.seconds.toFixed(1)
    } s (${(h.paidIds.length / hot.seconds).toFixed(1)}/s), ${h.soldOut} refused at placement, p99 ${
      ms(pct(h.purchases, 0.99))
    } ms a purchase`,
  );

  await shop.live?.close();
  await server.stop();
  const db = await shop.afterStop();
  try {
    const [stock] = await db.rows<{ stock: number }>(`select stock from products where id = ${catalogue.hot}`);
    const [sold] = await db.rows<{ held: number; paid: number }>(
      `select coalesce(sum(i.quantity) filter (where o.status <> 'cancelled'), 0)::int as held,
              coalesce(sum(i.quantity) filter (where o.paid_at is not null), 0)::int as paid
         from order_items i join orders o on o.id = i.order_id where i.product_id = ${catalogue.hot}`,
    );
    const acknowledged = [...t.paidIds, ...h.paidIds];
    const [found] = await db.rows<{ n: number }>(
      `select count(*)::int as n from orders where paid_at is not null and id in (${acknowledged.join(",") || 0})`,
    );
    const taken = hotStock - Number(stock.stock);
    const ok = Number(sold.held) === taken && Number(stock.stock) >= 0 && Number(sold.paid) <= hotStock &&
      Number(found.n) === acknowledged.length;
    console.log(
      `check: stock taken ${taken} of ${hotStock}, units on orders not cancelled ${sold.held}, on paid orders ${sold.paid}; stock now ${stock.stock}${
        shop.live ? `, lowest seen while selling ${lowest}` : ""
      }; acknowledged payments ${acknowledged.length}, paid in the database ${found.n} -> ${
        ok ? "OK (0 oversold, 0 lost)" : "FAILED"
      }`,
    );
    if (!ok) Deno.exitCode = 1;
  } finally {
    await db.close();
    await shop.cleanup();
  }
}

const refDir = await referenceDir();
const reference = refDir ? await startReference(refDir) : null;
if (!reference) console.log("reference SSR server not found: no ratio");
console.log(`checkout benchmark, ${navigator.hardwareConcurrency} cores`);
try {
  if (only !== "postgres") await benchShop(await startPgliteShop(), reference);
  if (only !== "pglite") {
    for (const threads of threadCounts) await benchShop(await startPostgresShop(threads), reference);
  }
} finally {
  await reference?.stop();
}
