/** The newsletter domain's public surface. */
export {
  confirmationPending,
  confirmSubscription,
  subscribe,
  subscribeBody,
  type SubscribeInput,
  unsubscribe,
  WELCOME_CODE,
} from "./service.ts";
