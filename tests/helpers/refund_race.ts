/**
 * Racing something against a refund's closing transaction: the refund is sent to the provider, and
 * once the provider has answered, `action` starts `delayMs` later. Stepping the delay over the rounds
 * of a race test lands the action on every step of that transaction (the point claw-back and its
 * locks included).
 */
import type { PaymentGateway } from "../../domains/payments/mod.ts";

export interface RefundRace<T> {
  /** The gateway to refund through. */
  gateway: PaymentGateway;
  /**
   * The action's outcome, settled as soon as it ends (a refusal while the refund is still running is
   * no unhandled rejection). Call it after the refund has returned.
   */
  settled(): Promise<PromiseSettledResult<T>>;
}

/** A gateway that starts `action` `delayMs` after `gateway` has answered a refund. */
export function raceAfterRefund<T>(gateway: PaymentGateway, delayMs: number, action: () => Promise<T>): RefundRace<T> {
  let outcome: Promise<PromiseSettledResult<T>> | null = null;
  return {
    gateway: {
      ...gateway,
      refund: async (input) => {
        const facts = await gateway.refund(input);
        outcome = new Promise((resolve) => setTimeout(resolve, delayMs))
          .then(action)
          .then(
            (value) => ({ status: "fulfilled" as const, value }),
            (reason) => ({ status: "rejected" as const, reason }),
          );
        return facts;
      },
    },
    settled() {
      if (!outcome) throw new Error("the refund never reached the provider");
      return outcome;
    },
  };
}
