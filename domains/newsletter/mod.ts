/** The newsletter domain's public surface. */
export {
  confirmSubscription,
  subscribe,
  subscribeBody,
  type SubscribeInput,
  unsubscribe,
  WELCOME_CODE,
} from "./service.ts";
