/** The mail domain's public surface: the outbox, the sender and its transports, the e-mail templates. */
export {
  EMAIL_STATUSES,
  type EmailStatus,
  enqueueEmail,
  getOutboxMessage,
  listOutbox,
  type OutboxJsonItem,
  type OutboxMessage,
  type OutboxPage,
  type OutgoingEmail,
  readOutboxMessage,
  searchOutbox,
} from "./outbox.ts";
export {
  backoffMs,
  CLAIM_LEASE_MS,
  deliverDue,
  type DeliverOptions,
  type DeliveryReport,
  MAX_ATTEMPTS,
  NO_ADDRESS,
} from "./sender.ts";
export { fromAddress, listHeaders, type MailMessage, type MailTransport, smtpTransport } from "./transport.ts";
export {
  emailChangedEmail,
  escapeHtml,
  hideResetLinks,
  maskEmail,
  passwordResetEmail,
  RESET_LINK_HIDDEN,
  resetLink,
} from "./templates.ts";
export { type MailWorker, startMailWorker } from "./worker.ts";
export * as mailSchemas from "./schemas.ts";
export { purchaseOrderEmail, type PurchaseOrderEmailFacts } from "./purchase_order_email.ts";
export {
  orderDeliveredEmail,
  type OrderEmailFacts,
  orderPayLinkEmail,
  orderRefundedEmail,
  orderShippedEmail,
} from "./order_emails.ts";
