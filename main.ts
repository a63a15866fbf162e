/**
 * The shop's entry point: read config, open the database, migrate and seed it under the start-up
 * lock, load the browser assets (built at build time; built here only when allowed and missing or
 * stale), serve, run the background jobs through the scheduler, and shut down gracefully.
 */
import { type Config, ConfigError, databaseProblem, loadConfig } from "./config.ts";
import { type Database, type Db, openDb } from "./db/client.ts";
import { demoAccounts, demoAccountsPresent, isEmpty, seedDemo } from "./seed/mod.ts";
import { type AssetManifest, assetsStale, manifestPath, readManifest } from "./lib/assets.ts";
import { createApp } from "./app.ts";
import { storageFromConfig } from "./lib/configured_storage.ts";
import { type Scheduler, startScheduler } from "./db/jobs.ts";
import { backgroundJobs, type Running } from "./background_jobs.ts";
import { log as logger, setLogThread, setupLogging } from "./lib/logger.ts";
import {
  isTestGateway,
  payfastGateway,
  type PaymentGateway,
  paymentGateway,
  serveTestGateway,
  stitchGateway,
  testGatewayOver,
  USE_TEST_CARD,
} from "./domains/payments/mod.ts";
import { fromAddress, type MailWorker, smtpTransport, startMailWorker } from "./domains/mail/mod.ts";

/** An info line (the name other branches call; it writes through lib/logger.ts). */
function log(message: string, extra: Record<string, unknown> = {}) {
  logger.info(message, extra);
}

/** A start-up failure the operator can fix: printed as one line, exit 1, no stack trace. */
class StartupError extends Error {}

function fail(message: string): never {
  console.error(message);
  Deno.exit(1);
}

/**
 * Listens on PORT; a port another program holds stops the start with one line naming it. `reusePort`:
 * the process's server threads share the port (SO_REUSEPORT: the kernel spreads connections).
 */
function serve(config: Config, handler: Deno.ServeHandler, reusePort = false): Deno.HttpServer {
  try {
    return Deno.serve({
      port: config.port,
      hostname: config.hostname,
      reusePort,
      onListen: ({ port }) => log(`shop listening on http://localhost:${port}`, { port, pid: Deno.pid }),
    }, handler);
  } catch (err) {
    if (err instanceof Deno.errors.AddrInUse) {
      fail(
        `PORT: ${config.port} is already in use on ${config.hostname} (another program, or the shop already running); stop it or set PORT to a free port`,
      );
    }
    throw err;
  }
}

function readConfig(): Config {
  try {
    return loadConfig(Deno.env.toObject());
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

/** Opens the database and checks it answers; an unreachable one is one line naming DATABASE_URL. */
async function openDatabase(config: Config): Promise<Database> {
  try {
    const database = await openDb({
      url: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      pgliteSharedBuffers: config.pgliteSharedBuffers,
    });
    if (config.databaseUrl) {
      await database.ping().catch(async (err) => {
        await database.close().catch(() => {});
        throw new StartupError(databaseProblem(config.databaseUrl!, err));
      });
    }
    return database;
  } catch (err) {
    if (err instanceof StartupError) throw err;
    if (!config.databaseUrl && (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied)) {
      throw new StartupError(
        `PGLITE_DIR: the embedded database needs write access to ${config.pgliteDir} (--allow-write), or set DATABASE_URL`,
      );
    }
    throw err;
  }
}

/**
 * The browser assets: built at build time (`deno task build`, the Dockerfile, Deploy's build step)
 * and only read here. A server allowed to build (writes to static/build/ and --allow-run for esbuild)
 * builds them when they are missing, in development, or older than their sources; one that may not
 * (Deploy, `deno task start`) serves what was built.
 */
async function browserAssets(config: Config): Promise<AssetManifest> {
  const existing = await readManifest();
  const buildDir = new URL("./", manifestPath);
  // Building needs writes to static/build/ and esbuild's own binary (--allow-run).
  const granted = (descriptor: Deno.PermissionDescriptor) =>
    Deno.permissions.query(descriptor).then((s) => s.state === "granted", () => false);
  const canBuild = await granted({ name: "write", path: buildDir }) && await granted({ name: "run" });
  if (existing && !canBuild) return existing;
  if (existing && config.env !== "development" && !await assetsStale()) return existing;
  if (!canBuild) {
    throw new StartupError(
      "Browser assets are missing (static/build/manifest.json): run `deno task build` before starting; this server may not write them",
    );
  }
  log("building browser assets");
  // Imported by a computed URL so the build tools (esbuild, Tailwind) stay out of the server's module
  // graph: the container and Deno Deploy carry only what runs.
  const buildScript = new URL("./scripts/build.ts", import.meta.url).href;
  const { buildAssets } = await import(buildScript) as {
    buildAssets(opts: { minify?: boolean }): Promise<AssetManifest>;
  };
  return await buildAssets({ minify: config.env !== "development" });
}

/** One server thread's running shop: its app's server and mail worker, and how to stop them. */
interface Instance {
  server: Deno.HttpServer;
  running: Running;
  stop(): Promise<void>;
}

/**
 * What every server thread runs once the database is migrated and the assets are built: the gateways,
 * the app and its server. `announce`: the first thread logs what is configured (once a process).
 */
function startInstance(
  config: Config,
  ready: { database: Database; assets: AssetManifest; scheduler: Scheduler; payments: PaymentGateway | null },
  opts: { reusePort: boolean; announce: boolean },
): Instance {
  const { database, assets, scheduler, payments } = ready;
  const note = opts.announce ? log : () => {};
  // The test cards are public, but a log line masks every card-like number: a console banner, as above.
  if (opts.announce && isTestGateway(payments)) console.log(`Test payments: ${USE_TEST_CARD}\n`);
  if (!config.stripe) {
    note(
      payments
        ? "Stripe keys not set and TEST_PAYMENTS on: the offline test payment provider takes the test cards printed above; set TEST_PAYMENTS=false on a live shop"
        : "Stripe keys not set: checkout shows 'Payment Configuration Error' and takes no orders",
    );
  } else if (!config.stripe.webhookSecret) {
    // Payments still land (the server asks Stripe on the customer's return and the sweeper asks
    // again), but every webhook is refused and Stripe keeps retrying it.
    note(
      "STRIPE_WEBHOOK_SECRET not set: Stripe webhooks are refused; orders are confirmed by asking Stripe directly",
    );
  }
  if (!config.smtpUrl) note("SMTP_URL not set: e-mail stays in the outbox (readable at /admin/outbox)");
  if (!config.whatsapp) note("WHATSAPP_APP_SECRET not set: WhatsApp orders are off (/api/watrade/orders answers 404)");
  else if (!config.whatsapp.phoneNumberId || !config.whatsapp.accessToken) {
    note("WHATSAPP_PHONE_NUMBER_ID or WHATSAPP_ACCESS_TOKEN not set: WhatsApp replies wait in whatsapp_outbound");
  }

  const storage = storageFromConfig(config);
  note("file storage", { kind: storage.kind, location: storage.kind === "s3" ? "S3_BUCKET" : config.media.dir });
  // One PayFast gateway for the app and the sweeper, as for the card gateway.
  const payfast = payfastGateway(config.payfast);
  // And one Stitch gateway (its client token is kept between requests).
  const stitch = stitchGateway(config.stitch);
  if (!config.stitch) note("STITCH_* not set: Stitch pay-by-bank is not offered");
  const app = createApp({ database, config, assets, payments, payfast, stitch, storage, jobs: scheduler });
  const server = serve(config, app.fetch, opts.reusePort);

  let mailWorker: MailWorker | null = null;
  if (config.smtpUrl) {
    const from = fromAddress(config.shop.name, config.shop.contact.email);
    // No timer of its own: the scheduler's "outbox sender" job runs it, on one instance at a time.
    mailWorker = startMailWorker({ db: database.db, transport: smtpTransport(config.smtpUrl, from), intervalMs: null });
    note("SMTP_URL set: the outbox is delivered every 3 s (every minute on Deno Deploy)");
  }
  return {
    server,
    running: { database, payments, payfast, stitch, mailWorker },
    async stop() {
      await scheduler.stop();
      await server.shutdown(); // finishes in-flight requests
      await mailWorker?.stop(); // lets a delivery in progress finish
      await database.close();
    },
  };
}

/**
 * A further server thread (server_thread.ts, WEB_CONCURRENCY > 1): the first thread has migrated the
 * database and built the assets; this one opens its own pool and serves the same app on the same port.
 * Its scheduler has no timers (the first thread's runs the jobs), so staff may still see and run jobs
 * from a page this thread serves.
 */
export async function startServerThread(thread: number, testPayments: MessagePort | null): Promise<Instance> {
  const config = readConfig();
  setupLogging(config.logLevel);
  setLogThread(thread);
  let running: Running | null = null;
  const database = await openDatabase(config);
  const scheduler = startScheduler({
    jobs: backgroundJobs(config, () => running!),
    db: database.db,
    mode: "on demand",
  });
  const assets = await readManifest();
  if (!assets) throw new StartupError("Browser assets are missing (static/build/manifest.json)");
  // The offline test provider's attempts live in the first thread: this one asks it over the port.
  const payments = testPayments ? testGatewayOver(testPayments) : paymentGateway(config);
  const instance = startInstance(config, { database, assets, scheduler, payments }, {
    reusePort: true,
    announce: false,
  });
  running = instance.running;
  return instance;
}

/** The further server threads of this process, started one after another; null when there are none. */
async function startServerThreads(
  config: Config,
  payments: PaymentGateway | null,
): Promise<{ stop(): Promise<void> } | null> {
  if (config.webConcurrency < 2) return null;
  const workers: Worker[] = [];
  for (let thread = 2; thread <= config.webConcurrency; thread++) {
    const worker = new Worker(new URL("./server_thread.ts", import.meta.url).href, {
      type: "module",
      name: String(thread),
    });
    const started = Promise.withResolvers<void>();
    worker.onmessage = (event: MessageEvent<ThreadMessage>) => {
      if (event.data.type === "ready") started.resolve();
      if (event.data.type === "failed") started.reject(new StartupError(event.data.message));
    };
    // An error no handler caught ends a one-thread shop too: the process exits for its supervisor.
    worker.onerror = (event) => {
      event.preventDefault();
      logger.error("a server thread stopped on an uncaught error; the shop exits", { thread, error: event.message });
      Deno.exit(1);
    };
    let testPayments: MessagePort | null = null;
    if (isTestGateway(payments)) {
      const channel = new MessageChannel();
      serveTestGateway(payments, channel.port1);
      testPayments = channel.port2;
    }
    worker.postMessage({ type: "start", testPayments } satisfies StartThread, testPayments ? [testPayments] : []);
    await started.promise;
    workers.push(worker);
  }
  log("server threads", { threads: config.webConcurrency });
  return {
    async stop() {
      await Promise.all(workers.map((worker) =>
        new Promise<void>((resolve) => {
          worker.onmessage = (event: MessageEvent<ThreadMessage>) => {
            if (event.data.type === "stopped") resolve();
          };
          worker.postMessage("stop");
        })
      ));
    },
  };
}

/** What the first thread tells a further one as it starts it. */
export interface StartThread {
  type: "start";
  /** The first thread's offline test provider, when payments are test payments. */
  testPayments: MessagePort | null;
}

/** What a further server thread tells the first one. */
export type ThreadMessage = { type: "ready" } | { type: "failed"; message: string } | { type: "stopped" };

async function main() {
  const config = readConfig();
  setupLogging(config.logLevel);
  if (config.webConcurrency > 1) setLogThread(1);

  let running: Running | null = null;
  const dbReady = Promise.withResolvers<Db>();
  const scheduler = startScheduler({ jobs: backgroundJobs(config, () => running!), db: dbReady.promise });

  let database: Database;
  let assets: AssetManifest;
  try {
    database = await openDatabase(config);
    // Migrations and the demo catalogue under the start-up lock: instances starting together on one
    // fresh database take turns, so both become ready and everything is done once.
    const seeded = await database.withStartupLock(async () => {
      await database.migrate();
      if (!config.seedDemo || !await isEmpty(database.db)) return null;
      return await seedDemo(database.db, { withAccounts: true });
    });
    log("database ready", {
      kind: database.kind,
      location: database.kind === "pglite" ? config.pgliteDir : "DATABASE_URL",
    });
    if (seeded) log("seeded demo shop", { categories: seeded.categories, products: seeded.products });
    assets = await browserAssets(config);
  } catch (err) {
    if (err instanceof StartupError) fail(err.message);
    throw err;
  }

  // A demo shop (demo data on, demo accounts there) prints its logins: a console banner, not a log line.
  if (config.seedDemo && await demoAccountsPresent(database.db)) {
    const lines = demoAccounts.map((a) => `  ${a.role.padEnd(12)} ${a.username.padEnd(12)} ${a.password}`);
    console.log(`\nDemo accounts (set SEED_DEMO=false on a live shop and remove them):\n${lines.join("\n")}\n`);
  }
  const payments = paymentGateway(config);
  // The other threads first: the shop answers (and load balancers see it ready) once every thread
  // listens, so no early connection is kept by the first thread alone.
  let threads: Awaited<ReturnType<typeof startServerThreads>> = null;
  try {
    threads = await startServerThreads(config, payments);
  } catch (err) {
    if (err instanceof StartupError) fail(err.message);
    throw err;
  }
  const instance = startInstance(config, { database, assets, scheduler, payments }, {
    reusePort: config.webConcurrency > 1,
    announce: true,
  });
  running = instance.running;
  dbReady.resolve(database.db);
  log("background jobs scheduled", { mode: scheduler.mode });
  // Recommendations at once rather than a minute after start: until a run, shop-wide lists (trending)
  // fall back to the catalogue's order (decision 0059). Claimed like any run, so one instance does it.
  void scheduler.runIfDue("recommendations update");

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("shutting down", { signal });
    await threads?.stop();
    await instance.stop();
    log("stopped");
    Deno.exit(0);
  };
  try {
    Deno.addSignalListener("SIGTERM", () => shutdown("SIGTERM"));
    Deno.addSignalListener("SIGINT", () => shutdown("SIGINT"));
  } catch {
    // Deno Deploy ends isolates itself and offers no signals.
  }
  await instance.server.finished;
}

if (import.meta.main) await main();
