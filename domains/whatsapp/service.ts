/**
 * WhatsApp messages: the webhook's intake, the outbox and the order updates. The use case end to end
 * (flows/whatsapp_order.ts runs the job), in three steps that each survive a crash:
 *
 * 1. intake (the webhook, fast): each `order` message is written to whatsapp_inbound, keyed by its
 *    message id; a redelivery finds the key taken and changes nothing. The webhook then answers 200.
 * 2. handling (the WhatsApp job, flows/whatsapp_order.ts): a pending message is locked, the order placed and the
 *    reply queued in whatsapp_outbound, all in one transaction; a failure rolls back and is retried
 *    with back-off.
 * 3. sending (the same job): due outbound messages go to the Graph API; order updates (paid,
 *    shipped, delivered, cancelled, refunded) are queued from the orders' own state, once each.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { orders, whatsappInbound, whatsappOutbound } from "../../db/schema/mod.ts";
import { toCents } from "../../lib/money.ts";
import type { DeliveryRates } from "../cart/mod.ts";
import { PAY_LINK_ORDER_TTL_MS, payLink as orderPayLink } from "../orders/mod.ts";
import { GraphApiError, type GraphSender, OUTSIDE_WINDOW_CODE, sendWhatsApp } from "./graph.ts";
import { orderUpdate, type UpdateKind } from "./messages.ts";
import { changeValueSchema, messageSchema, webhookSchema } from "./schemas.ts";

/** How long a WhatsApp order waits for payment (its pay link's life): the checkout sweeper's rule. */
export const WHATSAPP_ORDER_TTL_MS = PAY_LINK_ORDER_TTL_MS;
/** A message is tried this many times (handling or sending) before it is left for staff. */
export const MAX_ATTEMPTS = 6;
/** Free-form messages reach a customer only within 24 hours of their last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

export interface WebhookIntake {
  /** Order messages stored for handling. */
  stored: number;
  /** Order messages seen before (Meta's redeliveries), ignored. */
  duplicates: number;
  /** Other messages and statuses, acknowledged and not kept. */
  ignored: number;
}

export class WebhookPayloadError extends Error {}

/**
 * Stores the order messages of one verified webhook (the body's signature was checked by the
 * caller). Throws WebhookPayloadError when the body is not a WhatsApp Business Account webhook.
 */
export async function recordWebhook(db: Db, body: unknown, now = new Date()): Promise<WebhookIntake> {
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) throw new WebhookPayloadError("This is not a WhatsApp Business Account webhook.");
  const intake: WebhookIntake = { stored: 0, duplicates: 0, ignored: 0 };
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      const value = change.field === "messages" ? changeValueSchema.safeParse(change.value) : null;
      if (!value?.success) {
        intake.ignored++;
        continue;
      }
      intake.ignored += value.data.statuses?.length ?? 0;
      const names = new Map((value.data.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? null]));
      for (const raw of value.data.messages ?? []) {
        const message = messageSchema.safeParse(raw);
        if (!message.success || message.data.type !== "order") {
          intake.ignored++;
          continue;
        }
        const m = message.data;
        const rows = await db.insert(whatsappInbound).values({
          id: m.id,
          waId: m.from,
          type: m.type,
          profileName: names.get(m.from)?.slice(0, 100) ?? null,
          payload: { order: m.order ?? null, timestamp: m.timestamp ?? null },
          receivedAt: now,
          nextAttemptAt: now,
        }).onConflictDoNothing().returning({ id: whatsappInbound.id });
        if (rows.length) intake.stored++;
        else intake.duplicates++;
      }
    }
  }
  return intake;
}

/** What the job needs from the shop's configuration. */
export interface WhatsAppContext {
  shopName: string;
  siteUrl: string;
  payLinkSecret: string;
  /** The card gateway orders are paid with ("stripe", "test"), recorded as checkout does. */
  paymentMethod: string;
  delivery?: DeliveryRates;
  /** Null without a phone number id and token: messages wait in the outbox. */
  sender: GraphSender | null;
  updateTemplate?: { name: string; language: string };
  fetchFn?: typeof fetch;
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** The pay page of an order and when its link expires (the shop's one pay link, domains/orders). */
export function payLink(ctx: Pick<WhatsAppContext, "siteUrl" | "payLinkSecret">, orderId: number, createdAt: Date) {
  const { url, expiresAt } = orderPayLink(ctx.siteUrl, ctx.payLinkSecret, orderId, createdAt);
  return { url, expiresAt };
}

/** How long a failed message waits before its next attempt (doubling, at most an hour). */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 15_000 * 2 ** Math.max(0, attempts - 1));

/** Queues one outgoing message, once per dedupe key. */
export async function queueMessage(
  db: Db,
  msg: { dedupeKey: string; toWaId: string; orderId: number | null; kind: string; body: string },
  now = new Date(),
): Promise<boolean> {
  const rows = await db.insert(whatsappOutbound).values({ ...msg, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: whatsappOutbound.dedupeKey }).returning({ id: whatsappOutbound.id });
  return rows.length > 0;
}

/** The update each order state calls for (refunds once per refunded amount). */
function updatesOf(o: {
  status: string;
  paidAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  refundedAmount: string;
}): { kind: UpdateKind; key: string }[] {
  const out: { kind: UpdateKind; key: string }[] = [];
  if (o.paidAt) out.push({ kind: "paid", key: "paid" });
  if (o.shippedAt) out.push({ kind: "shipped", key: "shipped" });
  if (o.deliveredAt) out.push({ kind: "delivered", key: "delivered" });
  if (o.status === "cancelled") out.push({ kind: "cancelled", key: "cancelled" });
  const refunded = toCents(o.refundedAmount) ?? 0;
  if (refunded > 0) out.push({ kind: "refunded", key: `refunded:${refunded}` });
  return out;
}

/**
 * Queues the updates WhatsApp orders changed in the last two days call for and do not have yet
 * (read from the orders' own columns, so every path that pays, ships, cancels or refunds an order is
 * covered without each of them knowing WhatsApp). Returns how many were queued.
 */
export async function queueOrderUpdates(db: Db, ctx: Pick<WhatsAppContext, "shopName" | "now">): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  const rows = rowsOf<{
    id: number;
    order_number: string;
    status: string;
    paid_at: string | Date | null;
    shipped_at: string | Date | null;
    delivered_at: string | Date | null;
    refunded_amount: string;
    total: string;
    carrier: string | null;
    tracking_number: string | null;
    wa_id: string;
  }>(
    await db.execute(sql`
      select o.id, o.order_number, o.status, o.paid_at, o.shipped_at, o.delivered_at, o.refunded_amount, o.total,
        o.carrier, o.tracking_number, i.wa_id
      from ${orders} o join ${whatsappInbound} i on i.id = o.wa_trade_id
      where o.wa_trade_id is not null and o.updated_at > ${
      new Date(now.getTime() - 2 * 86_400_000).toISOString()
    }::timestamptz
      order by o.updated_at limit 500`),
  );
  const asDate = (v: string | Date | null) => (v === null ? null : new Date(v));
  let queued = 0;
  for (const r of rows) {
    for (
      const u of updatesOf({
        status: r.status,
        paidAt: asDate(r.paid_at),
        shippedAt: asDate(r.shipped_at),
        deliveredAt: asDate(r.delivered_at),
        refundedAmount: r.refunded_amount,
      })
    ) {
      const { text } = orderUpdate(ctx.shopName, u.kind, {
        orderNumber: r.order_number,
        totalCents: toCents(r.total) ?? 0,
        refundedCents: toCents(r.refunded_amount) ?? 0,
        carrier: r.carrier,
        trackingNumber: r.tracking_number,
      });
      const added = await queueMessage(db, {
        dedupeKey: `order:${r.id}:${u.key}`,
        toWaId: r.wa_id,
        orderId: r.id,
        kind: u.kind,
        body: text,
      }, now);
      if (added) queued++;
    }
  }
  return queued;
}

/** When the customer last wrote to the shop (the 24-hour window runs from then). */
async function lastHeardFrom(db: Db, waId: string): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | Date | null>`max(${whatsappInbound.receivedAt})` })
    .from(whatsappInbound).where(eq(whatsappInbound.waId, waId));
  return row?.at ? new Date(row.at) : null;
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends the due outbound messages (at most `limit`): free-form text inside the customer's 24-hour
 * window, the configured template outside it (an update without a template then fails and stays
 * for staff). Graph's throttling and failures are retried with back-off; a refusal is final.
 */
export async function sendDueMessages(db: Db, ctx: WhatsAppContext, limit = 20): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  if (!ctx.sender) return report;
  const now = ctx.now?.() ?? new Date();
  const due = await db.select().from(whatsappOutbound)
    .where(and(eq(whatsappOutbound.status, "pending"), lte(whatsappOutbound.nextAttemptAt, now)))
    .orderBy(asc(whatsappOutbound.id)).limit(limit);
  for (const msg of due) {
    // Claimed for a minute: another instance's run leaves it alone meanwhile.
    const claimed = await db.update(whatsappOutbound).set({ nextAttemptAt: new Date(now.getTime() + 60_000) })
      .where(
        and(
          eq(whatsappOutbound.id, msg.id),
          eq(whatsappOutbound.status, "pending"),
          lte(whatsappOutbound.nextAttemptAt, now),
        ),
      )
      .returning({ id: whatsappOutbound.id });
    if (!claimed.length) continue;
    const heard = await lastHeardFrom(db, msg.toWaId);
    const inWindow = heard !== null && now.getTime() - heard.getTime() < SERVICE_WINDOW_MS;
    try {
      let providerId: string;
      if (inWindow) {
        providerId = await sendWhatsApp(ctx.sender, { kind: "text", to: msg.toWaId, body: msg.body }, ctx.fetchFn);
      } else if (ctx.updateTemplate && msg.kind !== "reply") {
        providerId = await sendWhatsApp(ctx.sender, {
          kind: "template",
          to: msg.toWaId,
          name: ctx.updateTemplate.name,
          language: ctx.updateTemplate.language,
          parameters: [msg.body],
        }, ctx.fetchFn);
      } else {
        throw new GraphApiError(
          "Outside WhatsApp's 24-hour window and no WHATSAPP_UPDATE_TEMPLATE: not sent.",
          0,
          OUTSIDE_WINDOW_CODE,
          false,
        );
      }
      await db.update(whatsappOutbound).set({
        status: "sent",
        sentAt: now,
        providerMessageId: providerId,
        attempts: msg.attempts + 1,
        lastError: null,
      })
        .where(eq(whatsappOutbound.id, msg.id));
      report.sent++;
    } catch (err) {
      const attempts = msg.attempts + 1;
      const final = (err instanceof GraphApiError && !err.retryable) || attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      ctx.log?.("a WhatsApp message was not sent", {
        outboundId: msg.id,
        attempts,
        final,
        error: message.slice(0, 300),
      });
      await db.update(whatsappOutbound).set({
        attempts,
        lastError: message.slice(0, 500),
        status: final ? "failed" : "pending",
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
      }).where(eq(whatsappOutbound.id, msg.id));
      if (final) report.failed++;
      else report.retrying++;
    }
  }
  return report;
}

/** The WhatsApp side of one order, for staff: the customer's number and the messages both ways. */
export async function whatsappOfOrder(db: Db, orderId: number) {
  const [order] = await db.select({ waTradeId: orders.waTradeId }).from(orders).where(eq(orders.id, orderId));
  if (!order?.waTradeId) return null;
  const [inbound] = await db.select().from(whatsappInbound).where(eq(whatsappInbound.id, order.waTradeId));
  const outbound = await db.select().from(whatsappOutbound).where(eq(whatsappOutbound.orderId, orderId))
    .orderBy(asc(whatsappOutbound.id));
  return { waTradeId: order.waTradeId, waId: inbound?.waId ?? null, inbound: inbound ?? null, outbound };
}
