/**
 * The shop's entry point: read config, open and migrate the database, seed the demo shop into an
 * empty database, build browser assets when missing, serve, and shut down gracefully.
 */
import { ConfigError, loadConfig } from "./config.ts";
import { openDb } from "./db/client.ts";
import { demoAccounts, demoAccountsPresent, isEmpty, seedDemo } from "./db/seed/mod.ts";
import { assetsStale, readManifest } from "./lib/assets.ts";
import { createApp } from "./app.ts";
import { every } from "./lib/jobs.ts";
import { sweepUnpaidOrders } from "./domains/checkout/mod.ts";
import { paymentGateway } from "./domains/payments/mod.ts";
import { sendDueStockAlerts } from "./domains/notifications/mod.ts";
import { sweepExpiredSessions, sweepRateLimits } from "./domains/auth/mod.ts";
import { fromAddress, type MailWorker, smtpTransport, startMailWorker } from "./domains/mail/mod.ts";

function log(message: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", message, ...extra }));
}

async function main() {
  let config;
  try {
    config = loadConfig(Deno.env.toObject());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      Deno.exit(1);
    }
    throw err;
  }

  const database = await openDb({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  await database.migrate();
  log("database ready", {
    kind: database.kind,
    location: database.kind === "pglite" ? config.pgliteDir : "DATABASE_URL",
  });

  if (config.seedDemo && await isEmpty(database.db)) {
    const result = await seedDemo(database.db, { withAccounts: true });
    log("seeded demo shop", { categories: result.categories, products: result.products });
  }
  // A demo shop (demo data on, demo accounts there) prints its logins and, without Stripe keys,
  // takes test payments even in production mode, so a newcomer can buy end to end.
  const demoShop = config.seedDemo && await demoAccountsPresent(database.db);
  if (demoShop) {
    console.log("\nDemo accounts (set SEED_DEMO=false on a live shop and remove them):");
    for (const a of demoAccounts) console.log(`  ${a.role.padEnd(12)} ${a.username.padEnd(12)} ${a.password}`);
    console.log("");
  }
  const payments = paymentGateway(config, { demoShop });
  if (!config.stripe) {
    log(
      payments
        ? "Stripe keys not set: the offline test payment provider stands in (test card 4242 4242 4242 4242)"
        : "Stripe keys not set: checkout shows 'Payment Configuration Error' and takes no orders",
    );
  } else if (!config.stripe.webhookSecret) {
    // Payments still land (the server asks Stripe on the customer's return and the sweeper asks
    // again), but every webhook is refused and Stripe keeps retrying it.
    log(
      "STRIPE_WEBHOOK_SECRET not set: Stripe webhooks are refused; orders are confirmed by asking Stripe directly",
    );
  }
  if (!config.smtpUrl) log("SMTP_URL not set: e-mail stays in the outbox (readable at /admin/outbox)");

  let assets = config.env === "development" || await assetsStale() ? null : await readManifest();
  if (!assets) {
    log("building browser assets");
    const { buildAssets } = await import("./scripts/build.ts");
    assets = await buildAssets({ minify: config.env !== "development" });
  }

  const app = createApp({ database, config, assets, payments });
  const server = Deno.serve({
    port: config.port,
    hostname: config.hostname,
    onListen: ({ port }) => log(`shop listening on http://localhost:${port}`, { port }),
  }, app.fetch);

  // Expired sessions are refused when presented; this removes the ones never presented again.
  const sweeper = every("session sweep", 60 * 60_000, async () => {
    const removed = await sweepExpiredSessions(database.db);
    await sweepRateLimits(database.db);
    if (removed) log("swept expired sessions", { removed });
  });
  // Back-in-stock e-mails: subscriptions a stock change marked due go to the outbox.
  const stockAlerts = every("back-in-stock alerts", 30_000, async () => {
    const sent = await sendDueStockAlerts(database.db, { siteUrl: config.siteUrl, shopName: config.shop.name });
    if (sent) log("queued back-in-stock e-mails", { sent });
  });

  // Orders left unpaid for 30 minutes give their stock and coupon use back (after asking the provider).
  const unpaidOrders = every("unpaid order sweep", 60_000, async () => {
    const report = await sweepUnpaidOrders(database.db, payments, { shop: config.shop, siteUrl: config.siteUrl });
    if (report.cancelled || report.paid) log("swept unpaid orders", { ...report });
  });

  // E-mail: with SMTP_URL a worker delivers the outbox every few seconds; without, mail stays in the outbox.
  let mailWorker: MailWorker | null = null;
  if (config.smtpUrl) {
    const from = fromAddress(config.shop.name, config.shop.contact.email);
    mailWorker = startMailWorker({
      db: database.db,
      transport: smtpTransport(config.smtpUrl, from),
      intervalMs: 3_000,
    });
    log("SMTP_URL set: the mail worker delivers the outbox every 3 s");
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("shutting down", { signal });
    await Promise.all([sweeper.stop(), stockAlerts.stop(), unpaidOrders.stop()]);
    await server.shutdown(); // finishes in-flight requests
    await mailWorker?.stop(); // lets a delivery in progress finish
    await database.close();
    log("stopped");
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGTERM", () => shutdown("SIGTERM"));
  Deno.addSignalListener("SIGINT", () => shutdown("SIGINT"));
  await server.finished;
}

if (import.meta.main) await main();
