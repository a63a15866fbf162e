/**
 * The shop's background jobs: what each does and how often, for the scheduler (db/jobs.ts) that
 * runs each once per period across instances. main.ts starts the scheduler with this table.
 */
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { JobSpec } from "./db/jobs.ts";
import { log as logger } from "./lib/logger.ts";
import type { PayFastGateway, PaymentGateway, StitchGateway } from "./domains/payments/mod.ts";
import type { MailWorker } from "./domains/mail/mod.ts";
import { sendDueStockAlerts } from "./flows/send_stock_alerts.ts";
import { sendReplacementReminders } from "./flows/send_replacement_reminders.ts";
import { sendCartReminders } from "./flows/send_cart_reminders.ts";
import { sendPriceDropAlerts } from "./flows/send_price_drop_alerts.ts";
import { sendStockDigest } from "./flows/send_stock_digest.ts";
import { applyTagRules } from "./flows/apply_tag_rules.ts";
import { readShopSettings, shopSettingsDefaults } from "./domains/settings/mod.ts";
import { sweepExpiredSessions, sweepRateLimits } from "./domains/auth/mod.ts";
import { updateRecommendations } from "./domains/recommendations/mod.ts";
import { publishDueDrafts } from "./domains/catalog_admin/mod.ts";
import { runWhatsAppWork, whatsappJobContext } from "./flows/whatsapp_inbox.ts";
import { sweepUnpaidOrders } from "./flows/cancel_order.ts";
import { handleOrderEvents } from "./flows/order_events.ts";
import { numberWaitingTaxInvoices } from "./domains/tax_documents/mod.ts";

function log(message: string, extra: Record<string, unknown> = {}) {
  logger.info(message, extra);
}

/** What the background jobs work with, there once the database is ready. */
export interface Running {
  database: Database;
  payments: PaymentGateway | null;
  /** PayFast when configured: the sweeper records its refunds as manual tasks for staff. */
  payfast: PayFastGateway | null;
  /** Stitch when configured: owed refunds of Stitch payments go back through its refund API. */
  stitch: StitchGateway | null;
  mailWorker: MailWorker | null;
}

/**
 * Every background job, each run claimed in job_runs so that one instance does it per period
 * (db/jobs.ts). Declared before the first await: Deno Deploy registers Deno.cron only then.
 */
export function backgroundJobs(config: Config, running: () => Running): JobSpec[] {
  const jobs: JobSpec[] = [
    // Expired sessions are refused when presented; this removes the ones never presented again.
    {
      name: "session sweep",
      intervalMs: 60 * 60_000,
      run: async () => {
        const { database } = running();
        const removed = await sweepExpiredSessions(database.db);
        await sweepRateLimits(database.db);
        if (removed) log("swept expired sessions", { removed });
      },
    },
    // Scheduled publishing (decision 0069): drafts whose publishAt has passed become active.
    {
      name: "publish scheduled drafts",
      intervalMs: 60_000,
      run: async () => {
        const published = await publishDueDrafts(running().database.db);
        if (published.length) log("published scheduled drafts", { ids: published.join(",") });
      },
    },
    // Back-in-stock e-mails: subscriptions a stock change marked due go to the outbox.
    {
      name: "back-in-stock alerts",
      intervalMs: 30_000,
      run: async () => {
        const sent = await sendDueStockAlerts(running().database.db, {
          siteUrl: config.siteUrl,
          shopName: config.shop.name,
        });
        if (sent) log("queued back-in-stock e-mails", { sent });
      },
    },
    // Replacement reminders (docs/animals.md): UVB tubes and other consumables due for replacement.
    {
      name: "replacement-reminders",
      intervalMs: 24 * 60 * 60_000,
      run: async () => {
        const { sent } = await sendReplacementReminders(running().database.db, {
          siteUrl: config.siteUrl,
          shopName: config.shop.name,
        });
        if (sent) log("queued replacement reminders", { sent });
      },
    },
    // Cart reminders (decision 0101): one e-mail about a cart left for four hours.
    {
      name: "cart-reminders",
      intervalMs: 15 * 60_000,
      run: async () => {
        const { sent } = await sendCartReminders(running().database.db, {
          siteUrl: config.siteUrl,
          shopName: config.shop.name,
        });
        if (sent) log("queued cart reminders", { sent });
      },
    },
    // Wishlist price drops (decision 0108): one e-mail when saved products drop 5% or more.
    {
      name: "wishlist price drops",
      intervalMs: 60 * 60_000,
      run: async () => {
        const { sent } = await sendPriceDropAlerts(running().database.db, {
          siteUrl: config.siteUrl,
          shopName: config.shop.name,
        });
        if (sent) log("queued wishlist price-drop e-mails", { sent });
      },
    },
    // The daily low-stock e-mail (decision 0104): from 07:00, to Settings -> Notifications, only when something is newly low.
    {
      name: "low-stock digest",
      intervalMs: 15 * 60_000,
      run: async () => {
        const db = running().database.db;
        const { stockAlertEmail: to } = await readShopSettings(db, shopSettingsDefaults(config.shop));
        const { sent } = await sendStockDigest(db, { siteUrl: config.siteUrl, shopName: config.shop.name, to });
        if (sent) log("queued the low-stock digest");
      },
    },
    // Automatic customer tags (decision 0115): each rule's tag kept on the accounts its filter finds now.
    {
      name: "automatic customer tags",
      intervalMs: 60 * 60_000,
      run: async () => {
        const report = await applyTagRules(running().database.db);
        if (report.added || report.removed) log("kept automatic customer tags", { ...report });
      },
    },
    // Orders left unpaid for 30 minutes give their stock and coupon use back (after asking the provider).
    {
      name: "unpaid order sweep",
      intervalMs: 60_000,
      run: async () => {
        const { database, payments, payfast, stitch } = running();
        const report = await sweepUnpaidOrders(database.db, payments, {
          shop: config.shop,
          siteUrl: config.siteUrl,
          // Owed refunds go back through the provider that took them: PayFast's as a manual task.
          payfast,
          stitch,
        });
        if (report.cancelled || report.paid || report.refunded) log("swept unpaid orders", { ...report });
      },
    },
    // Order events (decision 0075): points and referral credit of a paid order whose handling after
    // the payment's commit failed or never ran.
    {
      name: "order events",
      intervalMs: 10_000,
      run: async () => {
        const handled = await handleOrderEvents(running().database.db);
        if (handled) log("handled order events", { handled });
      },
    },
    // Tax invoices (decision 0086): a paid order's invoice is numbered right after the payment's
    // commit; one a crash left without its number gets it here.
    {
      name: "tax invoice numbers",
      intervalMs: 60_000,
      run: async () => {
        const numbered = await numberWaitingTaxInvoices(running().database.db);
        if (numbered) log("numbered waiting tax invoices", { numbered });
      },
    },
    // Recommendations (decision 0059): every minute, the lists of what changed since the last run
    // (edited or new products, new paid orders, customers who browsed); a full run once a day. Until
    // a product's lists are stored, its page computes them from a bounded read. Staff can rebuild.
    {
      name: "recommendations update",
      intervalMs: 60_000,
      run: async () => {
        const started = Date.now();
        const report = await updateRecommendations(running().database.db);
        if (report && (report.products || report.customers || report.kind === "full")) {
          log("updated recommendations", {
            kind: report.kind,
            products: report.products,
            customers: report.customers,
            ms: Date.now() - started,
          });
        }
      },
    },
  ];
  // WhatsApp orders (docs/whatsapp.md): the messages the webhook stored become orders, order updates
  // are queued from the orders' state, and the replies go out through the Graph API.
  const whatsapp = config.whatsapp;
  if (whatsapp) {
    jobs.push({
      name: "whatsapp orders",
      intervalMs: 5_000,
      run: async () => {
        const { database, payments } = running();
        const ctx = await whatsappJobContext(
          database.db,
          { shop: config.shop, siteUrl: config.siteUrl, whatsapp },
          payments?.provider ?? "payfast",
          (message, fields) => logger.warn(message, fields),
        );
        const report = await runWhatsAppWork(database.db, ctx);
        if (report.handled || report.updates || report.sent || report.failed) log("whatsapp orders", report);
      },
    });
  }
  // E-mail: with SMTP_URL the outbox is delivered every few seconds; without, mail stays in the outbox.
  if (config.smtpUrl) {
    jobs.push({
      name: "outbox sender",
      intervalMs: 3_000,
      run: async () => {
        await running().mailWorker?.runNow();
      },
    });
  }
  return jobs;
}
