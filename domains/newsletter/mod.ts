/** The newsletter domain's public surface. */
export {
  confirmationPending,
  markConfirmed,
  type NewsletterStatus,
  newsletterStatus,
  recordSubscription,
  subscribeBody,
  type SubscribeInput,
  type SubscriptionTokens,
  unsubscribe,
  WELCOME_CODE,
} from "./service.ts";
