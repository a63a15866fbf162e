/**
 * WhatsApp orders (docs/whatsapp.md): Meta's webhook in, replies and order updates out. Placing the
 * orders (the WhatsApp job) is flows/whatsapp_order.ts.
 */
export {
  backoffMs,
  MAX_ATTEMPTS,
  payLink,
  queueMessage,
  queueOrderUpdates,
  recordWebhook,
  sendDueMessages,
  type SendReport,
  SERVICE_WINDOW_MS,
  type WebhookIntake,
  WebhookPayloadError,
  WHATSAPP_ORDER_TTL_MS,
  type WhatsAppContext,
  whatsappOfOrder,
} from "./service.ts";
export {
  type LeftOutLine,
  type OrderedLine,
  orderSchema,
  type WhatsAppOrder,
  type WhatsAppOrderResult,
} from "./schemas.ts";
export { verifyWebhookSignature, webhookSignature } from "./signature.ts";
export { GraphApiError, type GraphSender, type OutgoingWhatsApp, OUTSIDE_WINDOW_CODE, sendWhatsApp } from "./graph.ts";
export { orderReply, orderUpdate, unreadableOrderReply, type UpdateKind } from "./messages.ts";
export * as whatsappSchemas from "./schemas.ts";
