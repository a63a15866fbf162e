/**
 * The shop as an operator runs it: on Deno Deploy's permissions (no FFI, no writes, no
 * subprocesses) on PostgreSQL, two instances starting together on one fresh database, and the
 * one-line start-up error of an unreachable database. These start real servers (main.ts).
 */
import assert from "node:assert/strict";
import postgres from "postgres";
import { DEPLOY_PERMISSIONS, freePort, type RunningServer, startServer } from "../helpers/server.ts";
import { usingPostgres, withScratchDatabase } from "../helpers/scratch_db.ts";
import { testClient } from "../helpers/client.ts";
import { buyOne, httpShopper, newCustomer } from "../helpers/http_shopper.ts";
import { demoAccounts } from "../../seed/demo.ts";
import { seedCategories, seedProducts } from "../../seed/catalog_data.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

/** A cookie-keeping client for a real server (the shop's own Origin on state-changing requests). */
function clientFor(server: RunningServer) {
  // deno-lint-ignore no-explicit-any
  const remote = { request: (path: string, init?: RequestInit) => fetch(server.url + path, init) } as any;
  return testClient(remote, { origin: server.url });
}

Deno.test({
  name: "[platform] Deploy's permissions on PostgreSQL: the shop starts, serves pages and signs a customer in",
  ignore: !usingPostgres,
  ...options,
  fn: () =>
    withScratchDatabase("deploy", async (url) => {
      const server = await startServer({ DATABASE_URL: url, LOG_REQUESTS: "false" }, {
        permissions: DEPLOY_PERMISSIONS,
      });
      try {
        const client = clientFor(server);
        assert.equal((await client.get("/")).status, 200);
        const product = await client.get(`/product/${seedProducts[0].slug}`);
        assert.equal(product.status, 200);
        await product.body?.cancel();
        const customer = demoAccounts.find((a) => a.role === "customer")!;
        const login = await client.postJson("/api/auth/login", {
          username: customer.username,
          password: customer.password,
        });
        assert.equal(login.status, 200, await login.clone().text());
        await login.body?.cancel();
        const me = await client.get("/api/auth/me");
        assert.equal(me.status, 200);
        assert.equal((await me.json()).username, customer.username);
        assert.doesNotMatch(server.output(), /building browser assets|NotCapable|Requires (write|ffi|run) access/);
      } finally {
        assert.equal(await server.stop(), 0, server.output());
      }
    }),
});

Deno.test({
  name: "[platform] two instances starting together on one fresh database: both ready, migrated and seeded once",
  ignore: !usingPostgres,
  ...options,
  fn: () =>
    withScratchDatabase("twins", async (url) => {
      const env = { DATABASE_URL: url, LOG_REQUESTS: "false" };
      const started = await Promise.allSettled([startServer(env), startServer(env)]);
      const servers = started.flatMap((s) => s.status === "fulfilled" ? [s.value] : []);
      try {
        assert.deepEqual(started.map((s) => s.status === "rejected" ? String(s.reason) : "ready"), ["ready", "ready"]);
        for (const server of servers) assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
        const sql = postgres(url, { max: 1, onnotice: () => {} });
        try {
          const journal = JSON.parse(
            await Deno.readTextFile(new URL("../../db/migrations/meta/_journal.json", import.meta.url)),
          ) as { entries: unknown[] };
          const [migrations] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
          assert.equal(migrations.n, journal.entries.length, "each migration recorded once");
          const [counts] = await sql`select
            (select count(*)::int from categories) as categories,
            (select count(*)::int from products) as products,
            (select count(*)::int from users) as users,
            (select count(*)::int from coupons) as coupons`;
          assert.equal(counts.categories, seedCategories.length);
          assert.equal(counts.products, seedProducts.length);
          assert.equal(counts.users, demoAccounts.length);
          const seededLines = servers.map((s) => s.output().match(/"seeded demo shop"/g)?.length ?? 0);
          assert.deepEqual(seededLines.sort(), [0, 1], "one instance seeded, the other found the catalogue");
        } finally {
          await sql.end({ timeout: 5 });
        }
      } finally {
        for (const server of servers) await server.stop();
      }
    }),
});

/** Starts the shop (main.ts) with Deploy's permissions and `env`; what it printed when it stopped. */
async function startShop(env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...DEPLOY_PERMISSIONS, new URL("../../main.ts", import.meta.url).pathname],
    env: { ...env, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).trim();
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test({
  name: "[platform] an unreachable database stops the start with one line naming DATABASE_URL and host:port",
  ...options,
  fn: async () => {
    const port = freePort();
    const out = await startShop({ DATABASE_URL: `postgres://shop:hunter2@127.0.0.1:${port}/shop` });
    assert.equal(out.code, 1);
    assert.equal(
      out.stderr,
      `DATABASE_URL: cannot use the database at 127.0.0.1:${port}/shop: connection refused: is PostgreSQL running and listening there?`,
    );
    assert.doesNotMatch(out.stdout + out.stderr, /hunter2/);
  },
});

Deno.test({
  name: "[platform] a port another program holds stops the start with one line naming PORT, no stack trace",
  ...options,
  fn: async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (listener.addr as Deno.NetAddr).port;
    try {
      const out = await startShop({
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        PGLITE_DIR: "memory://",
        SEED_DEMO: "false",
      });
      assert.equal(out.code, 1);
      assert.equal(
        out.stderr,
        `PORT: ${port} is already in use on 127.0.0.1 (another program, or the shop already running); stop it or set PORT to a free port`,
      );
    } finally {
      listener.close();
    }
  },
});

Deno.test({
  name:
    "[platform] WEB_CONCURRENCY=2: two server threads share the port, a test payment started on one is paid on the other, SIGTERM stops both",
  ignore: !usingPostgres,
  ...options,
  fn: () =>
    withScratchDatabase("threads", async (url) => {
      const server = await startServer({
        DATABASE_URL: url,
        WEB_CONCURRENCY: "2",
        TRUST_PROXY: "true",
        LOG_REQUESTS: "true",
      });
      // No kept connections: each request opens one, and the kernel hands it to either thread.
      const client = Deno.createHttpClient({ poolMaxIdlePerHost: 0 });
      let stopped: number | null = null;
      try {
        const shopper = httpShopper(server.url, "203.0.113.7", client);
        await newCustomer(shopper, "twothreads");
        const sql = postgres(url, { max: 1, onnotice: () => {} });
        const [product] = await sql`select id from products p where archived_at is null and price > 0 and stock > 50
          and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 1`;
        await sql.end({ timeout: 5 });
        // Buy until a payment was started on one thread and paid on the other (each try: 1 in 2).
        let crossed = false;
        for (let i = 0; i < 40 && !crossed; i++) {
          const before = server.output().length;
          const purchase = await buyOne(shopper, Number(product.id));
          assert.equal(purchase.paymentStatus, 200, server.output().slice(before));
          const served = async (path: string) => {
            // The line reaches us through the server's stdout, a moment after the answer.
            for (let wait = 0; wait < 40; wait++) {
              const line = requestLines(server.output().slice(before)).find((line) => line.path === path);
              if (line) return line.thread;
              await new Promise((r) => setTimeout(r, 50));
            }
          };
          const started = await served("/api/payments/create-intent");
          const paid = await served("/api/payments/test-confirm");
          assert.ok(started && paid, "each request line names its thread");
          crossed = started !== paid;
        }
        assert.ok(crossed, "a payment started on one thread was paid on the other");
        const threads = new Set(requestLines(server.output()).map((line) => line.thread));
        assert.deepEqual([...threads].sort(), [1, 2]);
      } finally {
        client.close();
        stopped = await server.stop();
      }
      assert.equal(stopped, 0, server.output());
      assert.match(server.output(), /"message":"stopped"/);
      assert.doesNotMatch(server.output(), /"level":"error"/);
    }),
});

/** The request log lines a server printed. */
function requestLines(output: string): { path: string; thread?: number }[] {
  return output.split("\n").filter((line) => line.includes(`"message":"request"`)).map((line) => JSON.parse(line));
}
