/** WhatsApp orders (docs/whatsapp.md): Meta's webhook in, orders placed, replies and order updates out. */
export {
  handleInboundMessage,
  handlePendingMessages,
  MAX_ATTEMPTS,
  payLink,
  queueMessage,
  queueOrderUpdates,
  recordWebhook,
  runWhatsAppWork,
  sendDueMessages,
  type SendReport,
  SERVICE_WINDOW_MS,
  type WebhookIntake,
  WebhookPayloadError,
  WHATSAPP_ORDER_TTL_MS,
  type WhatsAppContext,
  whatsappJobContext,
  whatsappOfOrder,
} from "./service.ts";
export {
  addressWhatsAppOrder,
  customerForWaId,
  isPlaceholderEmail,
  type LeftOutLine,
  type OrderedLine,
  placeWhatsAppOrder,
  setWhatsAppOrderAddress,
  waPlaceholderEmail,
  type WhatsAppOrderResult,
} from "./order.ts";
export { verifyWebhookSignature, webhookSignature } from "./signature.ts";
export { GraphApiError, type GraphSender, type OutgoingWhatsApp, OUTSIDE_WINDOW_CODE, sendWhatsApp } from "./graph.ts";
export { orderReply, orderUpdate, type UpdateKind } from "./messages.ts";
export * as whatsappSchemas from "./schemas.ts";
