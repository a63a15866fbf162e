/**
 * The WhatsApp job (docs/whatsapp.md, decision 0063): each pending message of the webhook's intake
 * (domains/whatsapp) handled in one transaction (the order placed by whatsapp_order.ts, the reply
 * queued), then order updates queued and due replies sent through the Graph API.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { whatsappInbound } from "../db/schema/mod.ts";
import type { ShopInfo, WhatsAppConfig } from "../config.ts";
import { describeError } from "../lib/error_log.ts";
import { applyShopSettings, readShopSettings, shopSettingsDefaults } from "../domains/settings/mod.ts";
import {
  backoffMs,
  MAX_ATTEMPTS,
  orderReply,
  orderSchema,
  payLink,
  queueMessage,
  queueOrderUpdates,
  sendDueMessages,
  unreadableOrderReply,
  type WhatsAppContext,
} from "../domains/whatsapp/mod.ts";
import { placeWhatsAppOrder } from "./whatsapp_order.ts";

type InboundOutcome = "ordered" | "nothing-ordered" | "refused" | "skipped";

/** Handles one pending message (locked; another instance's run skips it). */
export async function handleInboundMessage(db: Db, id: string, ctx: WhatsAppContext): Promise<InboundOutcome> {
  const now = ctx.now?.() ?? new Date();
  return await db.transaction(async (tx): Promise<InboundOutcome> => {
    const [row] = await tx.select().from(whatsappInbound)
      .where(and(eq(whatsappInbound.id, id), eq(whatsappInbound.status, "pending"))).for("update", {
        skipLocked: true,
      });
    if (!row) return "skipped";
    const finish = (status: "done" | "refused", outcome: string, orderId: number | null = null) =>
      tx.update(whatsappInbound).set({ status, outcome: outcome.slice(0, 2000), orderId, handledAt: now })
        .where(eq(whatsappInbound.id, id));
    const order = orderSchema.safeParse((row.payload as { order?: unknown }).order);
    if (!order.success) {
      await finish("refused", "The order could not be read (no valid product_items).");
      await queueMessage(tx, {
        dedupeKey: `reply:${id}`,
        toWaId: row.waId,
        orderId: null,
        kind: "reply",
        body: unreadableOrderReply(ctx.shopName),
      });
      return "refused";
    }
    const result = await placeWhatsAppOrder(tx, {
      messageId: id,
      waId: row.waId,
      profileName: row.profileName,
      order: order.data,
    }, { delivery: ctx.delivery, paymentMethod: ctx.paymentMethod, now });
    const link = result.orderId === null ? null : payLink(ctx, result.orderId, now);
    await queueMessage(tx, {
      dedupeKey: `reply:${id}`,
      toWaId: row.waId,
      orderId: result.orderId,
      kind: "reply",
      body: orderReply(ctx.shopName, result, link?.url ?? null, link?.expiresAt ?? null),
    });
    const leftOut = result.leftOut.map((l) => `${l.retailerId} (${l.reason})`).join(", ");
    await finish(
      "done",
      result.orderId === null
        ? `Nothing ordered: ${leftOut}.`
        : `Order ${result.orderNumber} placed${leftOut ? `; left out: ${leftOut}` : ""}.`,
      result.orderId,
    );
    return result.orderId === null ? "nothing-ordered" : "ordered";
  });
}

/** Handles the due pending messages (at most `limit`); a failure is retried later, never lost. */
export async function handlePendingMessages(db: Db, ctx: WhatsAppContext, limit = 20): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  const due = await db.select({ id: whatsappInbound.id, attempts: whatsappInbound.attempts }).from(whatsappInbound)
    .where(and(eq(whatsappInbound.status, "pending"), lte(whatsappInbound.nextAttemptAt, now)))
    .orderBy(asc(whatsappInbound.receivedAt)).limit(limit);
  let handled = 0;
  for (const { id, attempts } of due) {
    try {
      if (await handleInboundMessage(db, id, ctx) !== "skipped") handled++;
    } catch (err) {
      const failed = attempts + 1 >= MAX_ATTEMPTS;
      const error = describeError(err);
      ctx.log?.("a WhatsApp order could not be handled", { messageId: id, attempts: attempts + 1, ...error });
      await db.update(whatsappInbound).set({
        attempts: attempts + 1,
        lastError: error.error.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts + 1)),
        ...(failed ? { status: "refused", outcome: "Gave up after repeated failures (see last error)." } : {}),
      }).where(eq(whatsappInbound.id, id));
    }
  }
  return handled;
}

/** One run of the WhatsApp job: handle what arrived, queue order updates, send what is due. */
export async function runWhatsAppWork(db: Db, ctx: WhatsAppContext) {
  const handled = await handlePendingMessages(db, ctx);
  const updates = await queueOrderUpdates(db, ctx);
  const sent = await sendDueMessages(db, ctx);
  return { handled, updates, ...sent };
}

/**
 * The job's context from the shop's configuration: the shop name and delivery rates staff set
 * (read at each run), the pay-link key, the Graph API sender when its id and token are set.
 */
export async function whatsappJobContext(
  db: Db,
  config: { shop: ShopInfo; siteUrl: string; whatsapp: WhatsAppConfig },
  paymentMethod: string,
  log?: WhatsAppContext["log"],
): Promise<WhatsAppContext> {
  const shop = applyShopSettings(config.shop, await readShopSettings(db, shopSettingsDefaults(config.shop)));
  const wa = config.whatsapp;
  return {
    shopName: shop.name,
    siteUrl: config.siteUrl,
    payLinkSecret: wa.payLinkSecret,
    paymentMethod,
    delivery: { feeCents: shop.deliveryFeeCents, freeThresholdCents: shop.freeShippingThresholdCents },
    sender: wa.phoneNumberId && wa.accessToken
      ? { graphApiBase: wa.graphApiBase, phoneNumberId: wa.phoneNumberId, accessToken: wa.accessToken }
      : null,
    updateTemplate: wa.updateTemplate,
    log,
  };
}
