/** The newsletter domain's public surface. */
export {
  confirmationPending,
  markConfirmed,
  type NewsletterStatus,
  newsletterStatuses,
  recordSubscription,
  subscribeBody,
  type SubscribeInput,
  type SubscriptionTokens,
  unsubscribe,
  WELCOME_CODE,
} from "./service.ts";
